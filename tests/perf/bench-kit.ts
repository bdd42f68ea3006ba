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
export async function benchDatabase(): Promise<{ db: EmbeddedDatabase; pool: pg.Pool; stop(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'replypilot-bench-'));
  const db = await startEmbeddedPostgres({ dir, port: await freePort(), database: 'bench', settings: { max_connections: '200' } });
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
  const run = await timeRequests(
    async (n) => {
      await pool.query('insert into bench_raw (payload) values ($1)', [JSON.stringify({ text: 'price?', n })]);
    },
    { seconds: 5, concurrency },
  );
  const perSecond = run.samples.length / 5;
  console.log(`raw INSERT: ${perSecond.toFixed(0)} rows/s (${concurrency} connections)`);
  return perSecond;
}

/** Latencies (ms, any order) as the results files report them: count, p50 / p95 / p99 and max to 0.1 ms. */
export function latencyStats(ms: number[]): { n: number; p50: number; p95: number; p99: number; max: number } {
  const s = [...ms].sort((a, b) => a - b);
  const r = (x: number) => +x.toFixed(1);
  return { n: s.length, p50: r(percentile(s, 50)), p95: r(percentile(s, 95)), p99: r(percentile(s, 99)), max: r(s.at(-1) ?? 0) };
}

export interface TimedRequests<T> {
  /** Every request that succeeded: its index, how long it took (ms) and what it returned, in the order they finished. */
  samples: { i: number; ms: number; value: T }[];
  /** The samples' milliseconds, sorted ascending (ready for `percentile`). */
  ms: number[];
  /** Requests started. */
  sent: number;
  /** Requests that threw (only with `tolerateFailures`; otherwise the first one ends the run). */
  failed: number;
  firstFailure: string | null;
  /** `performance.now()` when the first request started, and the wall time until the last one settled. */
  startedAt: number;
  seconds: number;
}

interface RequestOptions {
  /** Count a request that throws as failed and go on; without it the first error ends the run. */
  tolerateFailures?: boolean;
}

/** A fetch error says why in its `cause` (ECONNRESET…); our own errors in their message (`HTTP 500`). */
const describeFailure = (err: unknown) => {
  const cause = (err as { cause?: unknown } | null)?.cause;
  if (cause !== undefined) return String(cause);
  return err instanceof Error ? err.message : String(err);
};

function recorder<T>(opts: RequestOptions) {
  const startedAt = performance.now();
  const run: Omit<TimedRequests<T>, 'ms' | 'seconds'> = { samples: [], sent: 0, failed: 0, firstFailure: null, startedAt };
  return {
    run,
    /** Starts request `i`, times it and records the outcome. */
    async one(request: (i: number) => Promise<T>, i: number): Promise<void> {
      run.sent++;
      const t0 = performance.now();
      try {
        const value = await request(i);
        run.samples.push({ i, ms: performance.now() - t0, value });
      } catch (err) {
        if (!opts.tolerateFailures) throw err;
        run.failed++;
        run.firstFailure ??= describeFailure(err);
      }
    },
    done: (): TimedRequests<T> => ({
      ...run,
      ms: run.samples.map((s) => s.ms).sort((a, b) => a - b),
      seconds: (performance.now() - startedAt) / 1000,
    }),
  };
}

/**
 * Closed-loop timing: `concurrency` loops (1: one request after another), each starting its next
 * request as soon as the previous one settled, for `count` requests in all or until `seconds` have
 * passed. `request(i)` gets the request's index (0, 1, 2… in start order).
 */
export async function timeRequests<T>(
  request: (i: number) => Promise<T>,
  opts: ({ count: number } | { seconds: number }) & RequestOptions & { concurrency?: number },
): Promise<TimedRequests<T>> {
  const rec = recorder<T>(opts);
  const until = 'seconds' in opts ? rec.run.startedAt + opts.seconds * 1000 : Infinity;
  const count = 'count' in opts ? opts.count : Infinity;
  let next = 0;
  await Promise.all(
    Array.from({ length: opts.concurrency ?? 1 }, async () => {
      while (next < count && performance.now() < until) await rec.one(request, next++);
    }),
  );
  return rec.done();
}

/**
 * Open-loop load, the way webhooks arrive: request `i` starts at `i / rate` seconds whether or not
 * the earlier ones were answered, `rate` a second for `seconds` (or `count` requests); resolves when
 * every request has settled. `maxLagMs` is how far behind schedule a start ever was: a large value
 * means the generator, not the server, set the pace.
 */
export async function driveLoad<T>(
  request: (i: number) => Promise<T>,
  opts: { rate: number } & ({ seconds: number } | { count: number }) & RequestOptions,
): Promise<TimedRequests<T> & { maxLagMs: number }> {
  const rec = recorder<T>(opts);
  const total = 'count' in opts ? opts.count : Math.round(opts.rate * opts.seconds);
  const inflight: Promise<void>[] = [];
  // Without tolerateFailures the first error stops the generator and is thrown once the rest settled.
  const errors: unknown[] = [];
  let maxLagMs = 0;
  for (let i = 0; i < total && errors.length === 0; i++) {
    const due = rec.run.startedAt + (i * 1000) / opts.rate;
    // A timer may fire a little early (it rounds to whole ms): wait again until the start is due.
    for (let wait = due - performance.now(); wait > 0; wait = due - performance.now()) await new Promise((r) => setTimeout(r, wait));
    maxLagMs = Math.max(maxLagMs, performance.now() - due);
    inflight.push(rec.one(request, i).catch((err: unknown) => void errors.push(err)));
  }
  await Promise.all(inflight);
  if (errors.length > 0) throw errors[0];
  return { ...rec.done(), maxLagMs };
}
