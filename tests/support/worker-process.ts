import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A real `replypilot worker` process against a test database (for kill -9 tests). */
export function spawnWorker(
  databaseUrl: string,
  env: Record<string, string> = {},
): { child: ChildProcess; ready: Promise<void>; exited: Promise<number | null>; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/replypilot.ts', 'worker'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
      WORKER_CONCURRENCY: '8',
      // Workers resolve secrets too (platform tokens); never fall back to ./.data in tests.
      SESSION_SECRET: 'test-session-secret-test-session-secret-0123',
      APP_ENCRYPTION_KEY: '0'.repeat(64),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (c: Buffer) => {
      out += c.toString();
      if (out.includes('Replypilot worker is running')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited ${code}:\n${out}`)));
  });
  ready.catch(() => {});
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, ready, exited, output: () => out };
}
