import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../tests/support/free-port';

/**
 * The real `replypilot all` process with embedded PostgreSQL, as `npm start` runs it:
 * kill -9 leaves a stale server that the next boot stops; Ctrl-C (SIGINT) shuts down cleanly.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
let dataDir: string;

interface Proc {
  child: ChildProcess;
  output: () => string;
  url: Promise<string>;
  exit: Promise<number | null>;
}

function startReplypilot(env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/replypilot.ts', 'all'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: '', HOST: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = new Promise<string>((resolve, reject) => {
    const onData = (c: Buffer) => {
      out += c.toString();
      const m = /is running at (http:\/\/[^\s"]+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code} before listening:\n${out}`)));
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, url, exit };
}

function postmasterPid(): number | undefined {
  const f = path.join(dataDir, 'pg', 'postmaster.pid');
  return existsSync(f) ? Number(readFileSync(f, 'utf8').split('\n')[0]) : undefined;
}

function alive(pid: number): boolean {
  // A zombie (exited, not yet reaped by whoever adopted it) still answers kill(pid, 0).
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

beforeAll(() => {
  if (!existsSync(path.join(root, 'dist/ui/index.html'))) {
    const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], { cwd: root });
    if (r.status !== 0) throw new Error(`vite build failed: ${r.stderr.toString()}`);
  }
}, 120_000);

afterAll(async () => {
  if (!dataDir) return;
  const pid = postmasterPid();
  if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

it('survives kill -9 (stale PostgreSQL stopped at next boot) and shuts down cleanly on Ctrl-C', async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'replypilot-proc-'));
  const env = { DATA_DIR: dataDir, PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()) };

  const first = startReplypilot(env);
  const url1 = await first.url;
  // Development listens on this machine only by default, and the log says how to open it up.
  expect(url1).toMatch(/^http:\/\/127\.0\.0\.1:/);
  await expect.poll(() => first.output()).toContain('HOST=0.0.0.0');
  expect((await fetch(`${url1}/api/health/database`).then((r) => r.json())) as unknown).toMatchObject({ connected: true, mode: 'embedded' });
  const index = await fetch(`${url1}/dashboard`);
  expect(index.status).toBe(200);
  expect(await index.text()).toContain('<div id="root">');
  // Secrets were generated once into the data dir.
  expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(true);

  first.child.kill('SIGKILL');
  await first.exit;
  const stale = postmasterPid();
  expect(stale).toBeDefined();
  expect(alive(stale!)).toBe(true); // the server outlived its parent

  const second = startReplypilot(env);
  const url2 = await second.url;
  expect(second.output()).toContain('left running by an earlier process');
  expect(alive(stale!)).toBe(false);
  expect(((await fetch(`${url2}/api/health/database`).then((r) => r.json())) as { connected: boolean }).connected).toBe(true);

  const pid = postmasterPid();
  second.child.kill('SIGINT');
  expect(await second.exit).toBe(0);
  expect(second.output()).toContain('shutting down');
  expect(pid && alive(pid)).toBe(false);
  expect(existsSync(path.join(dataDir, 'replypilot.pid'))).toBe(false);
}, 90_000);

it('refuses a production boot without secrets, naming what is missing', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bin/replypilot.ts', 'web'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: '', SESSION_SECRET: '', APP_ENCRYPTION_KEY: '' },
    encoding: 'utf8',
  });
  expect(r.status).toBe(1);
  for (const name of ['SESSION_SECRET', 'APP_ENCRYPTION_KEY', 'DATABASE_URL', 'PUBLIC_URL']) expect(r.stderr).toContain(name);
});

it('rejects an unknown role with usage', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bin/replypilot.ts', 'scheduler'], { cwd: root, encoding: 'utf8' });
  expect(r.status).toBe(2);
  expect(r.stderr).toContain('usage: replypilot [web|worker|all]');
});
