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

export type SpawnedWorker = ReturnType<typeof spawnWorker>;

/**
 * The kill -9 scenario shared by the crash tests: start a worker, kill -9 it once `progress()`
 * reaches `atLeast`, check it really died mid-way (below `total`), then start a second worker.
 * Every worker started is pushed to `spawned`, so the test's afterAll can kill what is left.
 */
export async function killWorkerMidway(
  databaseUrl: string,
  env: Record<string, string>,
  opts: { progress: () => Promise<number>; atLeast: number; total: number; timeoutMs: number; spawned: SpawnedWorker[] },
): Promise<{ atKill: number; first: SpawnedWorker; second: SpawnedWorker }> {
  const first = spawnWorker(databaseUrl, env);
  opts.spawned.push(first);
  await first.ready;
  const deadline = performance.now() + opts.timeoutMs;
  while ((await opts.progress()) < opts.atLeast) {
    if (performance.now() > deadline) throw new Error(`the first worker did not reach ${opts.atLeast} in ${opts.timeoutMs} ms:\n${first.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  first.child.kill('SIGKILL');
  await first.exited;
  const atKill = await opts.progress();
  if (atKill >= opts.total) throw new Error(`the worker finished all ${opts.total} before the kill: the test proves nothing`);
  const second = spawnWorker(databaseUrl, env);
  opts.spawned.push(second);
  await second.ready;
  return { atKill, first, second };
}
