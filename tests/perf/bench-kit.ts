import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded';
import { runMigrations } from '../../db/migrate';
import { freePort } from '../support/free-port';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export { freePort };

/** A real PostgreSQL with default (durable) settings in a temp dir, migrated. */
export async function benchDatabase(settings: Record<string, string> = {}): Promise<{ db: EmbeddedDatabase; pool: pg.Pool; stop(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'replypilot-bench-'));
  const db = await startEmbeddedPostgres({ dir, port: await freePort(), database: 'bench', settings: { max_connections: '200', ...settings } });
  const pool = new pg.Pool({ connectionString: db.url, max: 40 });
  pool.on('error', () => {});
  pool.on('connect', (c) => c.on('error', () => {}));
  await runMigrations(pool);
  return {
    db,
    pool,
    async stop() {
      await pool.end();
      await db.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The real server as its own process (so the load generator does not share its event loop). */
export async function spawnServer(role: 'web' | 'all', env: Record<string, string>): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it exits (summarise it with
  // `node --import tsx tests/perf/cpu-profile-top.ts <file>`).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'bin/replypilot.ts', role], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      SESSION_SECRET: 'b'.repeat(40),
      APP_ENCRYPTION_KEY: 'a'.repeat(64),
      AUTH_RATE_LIMIT_PER_15_MIN: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => {
          if (r.ok) {
            clearInterval(timer);
            resolve();
          }
        },
        () => {},
      );
    }, 200);
    child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited ${code}: ${out}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function machine(pool: pg.Pool) {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    postgres: (await pool.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? '?',
    os: `${os.type()} ${os.release()}`,
  };
}

export async function writeResult(name: string, result: unknown) {
  const file = path.join(root, 'tests/perf/results', `${name}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nresults written to ${path.relative(root, file)}`);
}

export async function signIn(url: string): Promise<{ cookie: string; workspaceId: string }> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Bench', email: `bench-${Date.now()}@example.com`, password: 'secret12' }),
  });
  const cookie = (res.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const body = (await res.json()) as { user: { workspaceId: string } };
  return { cookie, workspaceId: body.user.workspaceId };
}

/** The raw single-row INSERT rate of this PostgreSQL (autocommit, `concurrency` connections, 5 s): the ingest baseline. */
export async function rawInsertRate(pool: pg.Pool, concurrency: number): Promise<number> {
  await pool.query('create table if not exists bench_raw (id bigserial primary key, payload jsonb not null)');
  let raw = 0;
  const until = performance.now() + 5000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await pool.query('insert into bench_raw (payload) values ($1)', [JSON.stringify({ text: 'price?', n: raw })]);
        raw++;
      }
    }),
  );
  const perSecond = raw / 5;
  console.log(`raw INSERT: ${perSecond.toFixed(0)} rows/s (${concurrency} connections)`);
  return perSecond;
}
