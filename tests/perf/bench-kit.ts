import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded';
import { runMigrations } from '../../db/migrate';
import { metaJson, metaSignature } from '../fakes/meta-graph.fake';
import { freePort } from '../support/free-port';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export { freePort };

/** BENCH_PG_STAT=1: benchDatabase loads pg_stat_statements and benchmarks print printStatements. */
export const PG_STAT = process.env.BENCH_PG_STAT === '1';

/** Resets pg_stat_statements (when loaded): what printStatements prints starts here. */
export async function resetStatements(pool: pg.Pool): Promise<void> {
  if (PG_STAT) await pool.query('select pg_stat_statements_reset()');
}

/**
 * With BENCH_PG_STAT=1, prints PostgreSQL's statements since resetStatements by total time, with
 * their calls per execution (`per` executions: comments, flow runs, …).
 */
export async function printStatements(pool: pg.Pool, per: number, label = 'per execution'): Promise<void> {
  if (!PG_STAT) return;
  const { rows } = await pool.query<{ calls: string; total_ms: number; mean_ms: number; rows_each: number; wal_each: number; query: string }>(
    `select calls, round(total_exec_time::numeric, 0)::float8 total_ms, round(mean_exec_time::numeric, 3)::float8 mean_ms,
            round(rows::numeric / greatest(calls, 1), 2)::float8 rows_each, round(wal_records::numeric / greatest(calls, 1), 1)::float8 wal_each,
            case when toplevel then '' else '(nested) ' end || left(regexp_replace(query, '\\s+', ' ', 'g'), 200) query
     from pg_stat_statements where query not like '%pg_stat_statements%' order by total_exec_time desc limit 45`,
  );
  const all = await pool.query<{ calls: string; total_ms: number }>(
    `select sum(calls) filter (where toplevel)::text calls, round(sum(total_exec_time) filter (where toplevel)::numeric, 0)::float8 total_ms from pg_stat_statements`,
  );
  const each = (n: number) => Number((n / Math.max(1, per)).toFixed(3));
  console.log(`statements (${label}): ${each(Number(all.rows[0]!.calls))} calls and ${each(all.rows[0]!.total_ms)} ms each of ${per}`);
  // BENCH_PG_SETTINGS=pg_stat_statements.track_planning=on: the planning time too (not in the execution times below).
  const planning = await pool.query<{ on: string; plan_ms: number; plans: string }>(
    `select current_setting('pg_stat_statements.track_planning') as on,
            round(sum(total_plan_time) filter (where toplevel)::numeric, 0)::float8 plan_ms, sum(plans) filter (where toplevel)::text plans from pg_stat_statements`,
  );
  const plan = planning.rows[0]!;
  if (plan.on === 'on') {
    console.log(`planning (${label}): ${each(Number(plan.plans))} plans and ${each(plan.plan_ms)} ms each`);
    const planned = await pool.query<{ plans: string; plan_ms: number; mean_ms: number; query: string }>(
      `select plans::text, round(total_plan_time::numeric, 0)::float8 plan_ms, round(mean_plan_time::numeric, 3)::float8 mean_ms,
              left(regexp_replace(query, '\\s+', ' ', 'g'), 200) query
       from pg_stat_statements where toplevel and plans > 0 order by total_plan_time desc limit 15`,
    );
    console.log('plans each\ttotal\tmean\tstatement');
    for (const r of planned.rows) console.log(`${each(Number(r.plans))}\t${r.plan_ms} ms\t${r.mean_ms} ms\t${r.query}`);
  }
  console.log('calls each\ttotal\tmean\trows per call\tWAL records per call\tstatement');
  for (const r of rows) console.log(`${each(Number(r.calls))}\t${r.total_ms} ms\t${r.mean_ms} ms\t${r.rows_each}\t${r.wal_each}\t${r.query}`);
}

/**
 * A real PostgreSQL with default (durable) settings in a temp dir, migrated.
 * BENCH_PG_STAT=1 loads pg_stat_statements (where PostgreSQL's time goes: printStatements).
 */
export async function benchDatabase(
  settings: Record<string, string> = {},
): Promise<{ db: EmbeddedDatabase; pool: pg.Pool; dir: string; stop(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'replypilot-bench-'));
  const preload: Record<string, string> = PG_STAT ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' } : {};
  // BENCH_PG_SETTINGS="name=value,name=value": server settings for an experiment (say so with its figures).
  const experiment = Object.fromEntries(
    (process.env.BENCH_PG_SETTINGS ?? '')
      .split(',')
      .filter(Boolean)
      .map((kv) => kv.split('=') as [string, string]),
  );
  if (Object.keys(experiment).length > 0) console.log(`PostgreSQL settings for this run: ${JSON.stringify(experiment)}`);
  // track_wal_io_timing: WAL flush times in pg_stat_wal (bench-probes walStats), two clock reads per flush.
  const db = await startEmbeddedPostgres({
    dir,
    port: await freePort(),
    database: 'bench',
    settings: { max_connections: '200', track_wal_io_timing: 'on', ...preload, ...settings, ...experiment },
  });
  const pool = new pg.Pool({ connectionString: db.url, max: 40 });
  pool.on('error', () => {});
  pool.on('connect', (c) => c.on('error', () => {}));
  await runMigrations(pool);
  if (PG_STAT) await pool.query('create extension if not exists pg_stat_statements');
  return {
    db,
    pool,
    dir,
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
  // BENCH_COUNT_QUERIES=<file>: the server counts its PostgreSQL queries and received NOTIFYs into that file (count-queries.ts).
  const counting = process.env.BENCH_COUNT_QUERIES ? ['--import', './tests/perf/count-queries.ts'] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', ...counting, 'bin/replypilot.ts', role], {
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
    // BENCH_SERVER_LOG=<file>: the server's own log lines (warnings and errors) kept for a look afterwards.
    if (process.env.BENCH_SERVER_LOG) {
      const log = createWriteStream(process.env.BENCH_SERVER_LOG, { flags: 'a' });
      child.stdout?.pipe(log);
      child.stderr?.pipe(log);
    }
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

/** CPU time (user + system) a process has used so far, from /proc (comparable on a busy machine, where throughput is not). */
/**
 * Signed Meta webhook POSTs (the fake's deliverWebhook: escaped-unicode JSON, X-Hub-Signature-256)
 * over node:http with kept-alive sockets. For load generators: per request it costs this process
 * roughly half of what fetch (undici, web streams, an AbortSignal) does, CPU the server under test
 * then has (the 2-core box is shared). Resolves with the status; rejects on a socket error.
 */
export function webhookPoster(url: string, secret: string, maxSockets = 64): { post(body: unknown): Promise<number>; close(): void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const target = new URL(url);
  return {
    post(body) {
      const raw = Buffer.from(metaJson(body));
      return new Promise((resolve, reject) => {
        const req = http.request(
          {
            agent,
            host: target.hostname,
            port: target.port,
            path: target.pathname,
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': raw.length, 'x-hub-signature-256': metaSignature(raw, secret) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(raw);
      });
    },
    close: () => agent.destroy(),
  };
}

export async function processCpuMs(pid: number): Promise<number> {
  // utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100/s on Linux).
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
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
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
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

/** The per-row triggers that keep the rollups (migrations 0012, 0016 and 0026): off while a bench bulk-loads. */
const rollupTriggers = [
  ['messages', 'analytics_messages'],
  ['messages', 'analytics_first_response'],
  ['link_clicks', 'analytics_link_click_counts'],
  ['flow_runs', 'analytics_runs'],
  ['leads', 'analytics_leads'],
  ['leads', 'leads_count_insert_delete'],
  ['conversions', 'analytics_conversions'],
] as const;
const eventTables = ['messages', 'flow_runs', 'leads', 'conversions', 'outbound_ledger', 'link_clicks'];

/**
 * Bulk-loads raw rows the way an install is backfilled, not row by row: `load` runs with the rollup
 * triggers off (fired per row, thousands of inserts into one day's rollup row in one statement each
 * walk that row's chain of dead versions: quadratic, and a 100k-lead seed never finished), then
 * the sales the lead trigger would have made from converted leads are inserted, and everything is
 * rolled up set-based into analytics_daily, analytics_flow_daily and lead_counts (shard 0), as
 * migration 0016 backfills an install. Finally the rollups are checked against the raw rows: a
 * bench never measures figures that differ from their events. The event tables must be empty
 * before (a fresh bench database), so every raw row is one `load` wrote.
 */
export async function bulkLoad(pool: pg.Pool, load: () => Promise<void>): Promise<{ rollupRows: number; rollupSeconds: number; raw: RawCounts }> {
  for (const table of eventTables) {
    if ((await pool.query(`select 1 from ${table} limit 1`)).rows.length > 0) throw new Error(`bulkLoad needs an empty ${table}`);
  }
  for (const [table, trigger] of rollupTriggers) await pool.query(`alter table ${table} disable trigger ${trigger}`);
  try {
    await load();
    await pool.query(`insert into conversions (workspace_id, source, lead_id, contact_id, amount_cents, idempotency_key, created_at)
      select workspace_id, 'lead', id, contact_id, value_cents, 'lead:' || id, updated_at from leads where status = 'converted' and value_cents > 0`);
  } finally {
    for (const [table, trigger] of rollupTriggers) await pool.query(`alter table ${table} enable trigger ${trigger}`);
  }
  const t = performance.now();
  const day = (col: string) => `(${col} at time zone 'UTC')::date`;
  const add = (cols: string[]) => cols.map((c) => `${c} = a.${c} + excluded.${c}`).join(', ');
  await pool.query(`insert into analytics_daily as a (workspace_id, day, platform, messages_in, messages_out)
    select m.workspace_id, ${day('m.created_at')}, s.platform, count(*) filter (where m.direction = 'inbound'), count(*) filter (where m.direction = 'outbound')
    from messages m join social_accounts s on s.id = m.account_id group by 1, 2, 3
    on conflict (workspace_id, day, platform, shard) do update set ${add(['messages_in', 'messages_out'])}`);
  await pool.query(`insert into analytics_daily as a (workspace_id, day, platform, leads_created)
    select workspace_id, ${day('created_at')}, coalesce(nullif(source, 'manual'), 'none'), count(*) from leads group by 1, 2, 3
    on conflict (workspace_id, day, platform, shard) do update set ${add(['leads_created'])}`);
  await pool.query(`insert into analytics_daily as a (workspace_id, day, platform, conversions, revenue_cents)
    select v.workspace_id, ${day('v.created_at')}, coalesce(s.platform, nullif(l.source, 'manual'), 'none'), count(*), sum(v.amount_cents)
    from conversions v left join contacts c on c.id = v.contact_id left join social_accounts s on s.id = c.account_id left join leads l on l.id = v.lead_id
    group by 1, 2, 3
    on conflict (workspace_id, day, platform, shard) do update set ${add(['conversions', 'revenue_cents'])}`);
  await pool.query(`insert into analytics_flow_daily as a (workspace_id, day, flow_id, runs_started)
    select workspace_id, ${day('started_at')}, flow_id, count(*) from flow_runs group by 1, 2, 3
    on conflict (workspace_id, day, flow_id, shard) do update set ${add(['runs_started'])}`);
  await pool.query(`insert into analytics_flow_daily as a (workspace_id, day, flow_id, runs_completed, runs_failed)
    select workspace_id, ${day('coalesce(finished_at, updated_at)')}, flow_id, count(*) filter (where status = 'completed'), count(*) filter (where status = 'failed')
    from flow_runs where status in ('completed', 'failed') group by 1, 2, 3
    on conflict (workspace_id, day, flow_id, shard) do update set ${add(['runs_completed', 'runs_failed'])}`);
  await pool.query(`insert into analytics_flow_daily as a (workspace_id, day, flow_id, conversions, revenue_cents)
    select workspace_id, ${day('created_at')}, flow_id, count(*), sum(amount_cents) from conversions where flow_id is not null group by 1, 2, 3
    on conflict (workspace_id, day, flow_id, shard) do update set ${add(['conversions', 'revenue_cents'])}`);
  await pool.query(`insert into lead_counts as a (workspace_id, status, source, n)
    select workspace_id, status, source, count(*) from leads group by 1, 2, 3
    on conflict (workspace_id, status, source, shard) do update set n = a.n + excluded.n`);
  // Migration 0026's rollups, as its backfill computes them: each conversation's first inbound and
  // first response, each tracked link's clicks.
  await pool.query(`update conversations c set first_inbound_at = f.first_in,
      first_response_at = (select min(o.created_at) from messages o where o.conversation_id = c.id and o.direction = 'outbound' and o.created_at >= f.first_in)
    from (select conversation_id, min(created_at) as first_in from messages where direction = 'inbound' group by conversation_id) f
    where f.conversation_id = c.id`);
  await pool.query(`update tracked_links t set clicks = k.n from (select code, count(*)::int as n from link_clicks group by code) k where k.code = t.code`);
  const rollupSeconds = (performance.now() - t) / 1000;

  const raw = await rawCounts(pool);
  const rolled = (
    await pool.query<Record<string, string>>(
      `select (select coalesce(sum(messages_in + messages_out), 0) from analytics_daily) as messages,
              (select coalesce(sum(leads_created), 0) from analytics_daily) as leads,
              (select coalesce(sum(conversions), 0) from analytics_daily) as conversions,
              (select coalesce(sum(revenue_cents), 0) from analytics_daily) as revenue,
              (select coalesce(sum(runs_started), 0) from analytics_flow_daily) as runs,
              (select coalesce(sum(runs_completed), 0) from analytics_flow_daily) as runs_completed,
              (select coalesce(sum(runs_failed), 0) from analytics_flow_daily) as runs_failed,
              (select count(*) from (select workspace_id, status, source, count(*)::int as n from leads group by 1, 2, 3
                 except select workspace_id, status, source, sum(n)::int from lead_counts group by 1, 2, 3 having sum(n) <> 0) d) as lead_counts_differing,
              (select count(*) from conversations c left join lateral (
                 select min(created_at) filter (where direction = 'inbound') as first_in from messages m where m.conversation_id = c.id) f on true
                 where c.first_inbound_at is distinct from f.first_in) as first_inbound_differing,
              (select count(*) from tracked_links t where t.clicks <> (select count(*) from link_clicks k where k.code = t.code)
                 or t.message_sent <> coalesce((select m.status = 'sent' from messages m where m.id = t.message_id), false)) as link_clicks_differing`,
    )
  ).rows[0]!;
  const expected: Record<string, number> = { ...raw, lead_counts_differing: 0, first_inbound_differing: 0, link_clicks_differing: 0 };
  const differing = Object.entries(expected).filter(([k, v]) => Number(rolled[k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)]) !== v);
  if (differing.length > 0) throw new Error(`rollups differ from the raw rows: ${JSON.stringify({ rolled, raw })}`);
  const rollupRows = Number(
    (await pool.query<{ n: string }>('select (select count(*) from analytics_daily) + (select count(*) from analytics_flow_daily) as n')).rows[0]!.n,
  );
  return { rollupRows, rollupSeconds, raw };
}

export interface RawCounts {
  messages: number;
  leads: number;
  conversions: number;
  revenue: number;
  runs: number;
  runsCompleted: number;
  runsFailed: number;
}

/** The raw event rows of the whole database, as the rollups should sum them. */
export async function rawCounts(pool: pg.Pool): Promise<RawCounts> {
  const r = (
    await pool.query<Record<string, string>>(
      `select (select count(*) from messages) as messages, (select count(*) from leads) as leads,
              (select count(*) from conversions) as conversions, (select coalesce(sum(amount_cents), 0) from conversions) as revenue,
              (select count(*) from flow_runs) as runs, (select count(*) from flow_runs where status = 'completed') as runs_completed,
              (select count(*) from flow_runs where status = 'failed') as runs_failed`,
    )
  ).rows[0]!;
  return {
    messages: Number(r.messages),
    leads: Number(r.leads),
    conversions: Number(r.conversions),
    revenue: Number(r.revenue),
    runs: Number(r.runs),
    runsCompleted: Number(r.runs_completed),
    runsFailed: Number(r.runs_failed),
  };
}

/** `uptime`'s line (time, 1/5/15-minute load averages): recorded with every figure, the machine is shared. */
export function uptime(): string {
  return execFileSync('uptime', { encoding: 'utf8' }).trim();
}
