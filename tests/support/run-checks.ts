import { spawn } from 'node:child_process';

/**
 * `npm test`'s checks before vitest (format check, typecheck, lint, UI build), run side by side:
 * each is mostly one core (tsc, type-aware ESLint), so on a 2-core machine running them together
 * takes about the longest of them instead of their sum. Each check's output is held back and printed
 * whole when it ends, with its time; the process exits 1 if any check failed.
 *
 *   node --import tsx tests/support/run-checks.ts format:check typecheck lint build
 */
const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: run-checks.ts <npm script>...');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = performance.now();

const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise<{ script: string; code: number }>((resolve) => {
        const t0 = performance.now();
        const child = spawn(npm, ['run', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
        const out: Buffer[] = [];
        child.stdout.on('data', (c: Buffer) => out.push(c));
        child.stderr.on('data', (c: Buffer) => out.push(c));
        let done = false;
        const finish = (code: number) => {
          if (done) return;
          done = true;
          const text = Buffer.concat(out).toString().trimEnd();
          const secs = ((performance.now() - t0) / 1000).toFixed(1);
          process.stdout.write(`\n> ${script}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${secs} s\n${text ? `${text}\n` : ''}`);
          resolve({ script, code });
        };
        child.once('error', (err) => {
          out.push(Buffer.from(String(err)));
          finish(1);
        });
        child.once('close', (code) => finish(code ?? 1));
      }),
  ),
);

const failed = results.filter((r) => r.code !== 0).map((r) => r.script);
console.log(`\nchecks ${failed.length ? `failed: ${failed.join(', ')}` : 'passed'} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed.length ? 1 : 0);
