import type pg from 'pg';
import type { FlowGraph } from '../../contracts/flows';
import { edge, keywordTrigger, node } from '../support/flows';
import { percentile, printStatements, resetStatements } from './bench-kit';

/**
 * Parts B and C of `npm run bench -- flows` (tests/perf/flows.bench.ts; targets in ADR 0007).
 *  B. `sleepers` runs sleeping in a 1-hour delay: the in-process worker's heap growth while they
 *     exist, and PostgreSQL bytes per sleeping run after VACUUM FULL (runs, steps, timers, job rows,
 *     with indexes and TOAST).
 *  C. `dueTogether` of their timers moved to fall due in the same second: the time until every timer
 *     was consumed with its run made runnable, until every run recorded its delay step complete,
 *     and until every run's next step (its DM) was sent; no step, DM or ledger row twice.
 *
 * Seeding: the first `real` sleepers are put to sleep by the runtime itself (a run.advance job each,
 * started as the trigger path starts runs). The others are copies of those real rows, set-based: the
 * same flow_runs, run_steps and run_timers rows with their own ids, contact and times (the due time
 * kept one hour after the copy's start), so a million sleepers take a minute instead of an hour.
 * The copies' row widths are compared with the real ones' (`cloneCheck`) so the bytes are honest.
 */
export interface SleepersContext {
  pool: pg.Pool;
  workspaceId: string;
  sleepers: number;
  real: number;
  dueTogether: number;
  heapMiB: () => number;
  seedFlow(name: string, graph: FlowGraph): Promise<{ flowId: string; versionId: string }>;
  startRuns(flow: { flowId: string; versionId: string }, from: number, count: number): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (x: number) => Math.round(x * 10) / 10;
const CLONE_BATCH = 5_000;
const DM_WAIT_S = Number(process.env.BENCH_DM_WAIT_S ?? 60);

export async function sleepersAndTimers(ctx: SleepersContext) {
  const { pool, workspaceId, sleepers } = ctx;
  const one = async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows[0] as T;
  const count = async (sql: string, params: unknown[] = []) => (await one<{ n: number }>(sql, params)).n;

  // ---- B. sleeping runs ----
  await pool.query('vacuum full flow_runs, run_steps, run_timers, graphile_worker._private_jobs');
  const tables = ['flow_runs', 'run_steps', 'run_timers', 'graphile_worker._private_jobs'];
  const relSize = async () => Number((await one<{ n: string }>(`select sum(pg_total_relation_size(c))::bigint n from unnest($1::regclass[]) c`, [tables])).n);
  const sizeEmpty = await relSize();
  const heapBefore = ctx.heapMiB();
  const flow = await ctx.seedFlow('sleepers', {
    nodes: [
      keywordTrigger(['go']),
      node('2', 'delay', { amount: 1, unit: 'hours' }),
      node('3', 'instagramDM', { text: 'Good morning {first_name}' }),
      node('4', 'complete'),
    ],
    edges: [edge('1', '2'), edge('2', '3'), edge('3', '4')],
  });
  const real = Math.min(ctx.real, sleepers);
  const tb = Date.now();
  for (let i = 0; i < real; i += 10_000) await ctx.startRuns(flow, i, Math.min(10_000, real - i));
  while ((await count(`select count(*)::int n from flow_runs where status = 'sleeping'`)) < real) await sleep(500);
  const realToSleepS = (Date.now() - tb) / 1000;
  const tc = Date.now();
  await prepareCopies(pool, workspaceId, flow.flowId, real, sleepers);
  for (let from = real; from < sleepers; from += CLONE_BATCH) await copySleepers(pool, real, from, Math.min(sleepers, from + CLONE_BATCH));
  const cloneS = (Date.now() - tc) / 1000;
  await pool.query('drop table bench_tmpl, bench_tmpl_steps, bench_tmpl_timers, bench_contacts');
  const sleepingNow = await count(`select count(*)::int n from flow_runs where status = 'sleeping' and flow_id = $1`, [flow.flowId]);
  if (sleepingNow !== sleepers) throw new Error(`expected ${sleepers} sleeping runs, found ${sleepingNow}`);
  const jobsLeft = await count(`select count(*)::int n from graphile_worker._private_jobs`);
  // The worker keeps pumping (every 250 ms) over the sleepers for a while before its heap is read.
  await sleep(5000);
  const heapAfter = ctx.heapMiB();
  const sizeRaw = (await relSize()) - sizeEmpty;
  await pool.query('vacuum full flow_runs, run_steps, run_timers, graphile_worker._private_jobs');
  await pool.query('analyze flow_runs, run_steps, run_timers');
  const sizeCompact = (await relSize()) - sizeEmpty;
  const perTable = await pool.query<{ t: string; bytes: string }>(`select c::text t, pg_total_relation_size(c)::bigint bytes from unnest($1::regclass[]) c`, [
    tables,
  ]);
  const sleeping = {
    runs: sleepers,
    putToSleepByTheRuntime: { runs: real, seconds: round(realToSleepS) },
    copiedFromThoseRows: { runs: sleepers - real, seconds: round(cloneS), rowWidths: await cloneCheck(pool, flow.flowId, real) },
    graphileJobsWhileAsleep: jobsLeft,
    workerHeapMiB: { before: round(heapBefore), after: round(heapAfter), growth: round(heapAfter - heapBefore) },
    postgresBytesPerSleepingRun: { compact: Math.round(sizeCompact / sleepers), includingUpdateChurn: Math.round(sizeRaw / sleepers) },
    bytesPerRunByTable: Object.fromEntries(perTable.rows.map((r) => [r.t, Math.round(Number(r.bytes) / sleepers)])),
    tables: 'flow_runs + run_steps + run_timers + graphile_worker._private_jobs, with indexes and TOAST, after VACUUM FULL',
  };
  console.log('B', JSON.stringify(sleeping, null, 1));

  // ---- C. timers due in the same second ----
  const n = Math.min(ctx.dueTogether, sleepers);
  await pool.query('create table bench_due_runs (run_id uuid primary key)');
  await pool.query(`insert into bench_due_runs select run_id from run_timers order by random() limit $1`, [n]);
  const due = await one<{ at: Date }>(`select date_trunc('second', now()) + interval '4 seconds' as at`);
  await pool.query(`update run_timers set due_at = $1 where run_id in (select run_id from bench_due_runs)`, [due.at]);
  await pool.query('analyze run_timers, bench_due_runs');
  await resetStatements(pool);
  const waitUntil = due.at.getTime() - Date.now();
  if (waitUntil > 0) await sleep(waitUntil);
  const since = (t: number) => round((t - due.at.getTime()) / 1000);
  let consumedAt = NaN;
  let delayDoneAt = NaN;
  let sentAt = NaN;
  // Resumption gets 120 s; the DMs then get DM_WAIT_S more (their pace is part A's, not this part's).
  let deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    await sleep(500);
    if (Number.isNaN(consumedAt)) {
      // Timer consumed and run runnable: no timer due at that second left (each run's input is in a runs.resume job).
      const left = await count(`select count(*)::int n from run_timers where due_at <= $1`, [due.at]);
      if (left === 0) consumedAt = Date.now();
    }
    if (Number.isNaN(delayDoneAt)) {
      const done = await count(
        `select count(*)::int n from bench_due_runs d join run_steps s on s.run_id = d.run_id and s.seq = 2 where s.status = 'completed'`,
      );
      if (done === n) {
        delayDoneAt = Date.now();
        deadline = Date.now() + DM_WAIT_S * 1000;
      }
    }
    const sent = await count(`select count(*)::int n from bench_due_runs d join flow_runs r on r.id = d.run_id where r.status = 'completed'`);
    if (sent === n) {
      sentAt = Date.now();
      break;
    }
  }
  await printStatements(pool, n, 'part C, per resumed run');
  // The same moments from the rows (the polls above only say when to stop looking).
  const stepTimes = async (seq: number) =>
    (
      await pool.query<{ s: number }>(
        `select extract(epoch from s.finished_at - $1::timestamptz) s from bench_due_runs d join run_steps s on s.run_id = d.run_id and s.seq = $2
         where s.status = 'completed'`,
        [due.at, seq],
      )
    ).rows
      .map((x) => Number(x.s))
      .sort((a, b) => a - b);
  const delaySteps = await stepTimes(2);
  const dmSteps = await stepTimes(3);
  // Fresh statistics: planned on the row counts of before part C, the ledger joins below became nested
  // loops over a sequential scan and ran for over ten minutes.
  await pool.query('analyze run_steps, outbound_ledger, bench_due_runs');
  const twice = await one<{ steps: number; nodes: number; ledger: number; without_next_step: number; dms_sent: number; runs_sent_twice: number }>(
    `select (select count(*) from (select s.run_id, s.seq from bench_due_runs d join run_steps s using (run_id) group by 1, 2 having count(*) > 1) x)::int steps,
            (select count(*) from (select s.run_id, s.node_id from bench_due_runs d join run_steps s using (run_id) group by 1, 2 having count(*) > 1) x)::int nodes,
            (select count(*) from (select l.idempotency_key from outbound_ledger l group by 1 having count(*) > 1) x)::int ledger,
            (select count(*) from bench_due_runs d where not exists (select 1 from run_steps s where s.run_id = d.run_id and s.seq = 3 and s.node_id = '3'))::int without_next_step,
            (select count(*) from outbound_ledger l join bench_due_runs d on l.idempotency_key = d.run_id || ':3' where l.status = 'sent')::int dms_sent,
            (select count(*) from (select l.idempotency_key from outbound_ledger l join bench_due_runs d on l.idempotency_key = d.run_id || ':3'
                                   where l.status = 'sent' group by 1 having count(*) > 1) x)::int runs_sent_twice`,
  );
  const timers = {
    dueTogether: n,
    outOfSleeping: sleepers,
    secondsUntilAllTimersConsumedAndRunsRunnable: since(consumedAt),
    secondsUntilAllDelayStepsRecorded: round(delaySteps.at(-1) ?? NaN),
    delayStepRecordedSeconds: { p50: round(percentile(delaySteps, 50)), p95: round(percentile(delaySteps, 95)), max: round(delaySteps.at(-1) ?? NaN) },
    delayStepsRecorded: delaySteps.length,
    pollSawAllDelaysAtSeconds: since(delayDoneAt),
    secondsUntilEveryNextStepDmSent: since(sentAt),
    dmStepsRecorded: dmSteps.length,
    dmStepSeconds: { p50: round(percentile(dmSteps, 50)), p95: round(percentile(dmSteps, 95)), max: round(dmSteps.at(-1) ?? NaN) },
    twice,
    note:
      '"timers consumed" = no run_timers row due at that second left (each run\'s input is in a runs.resume job, ADR 0055); ' +
      '"delay step recorded" = run_steps seq 2 completed (the run left its delay); the DM is each run\'s next step, ' +
      'sent by the sandbox at Instagram\'s pace (100/s per account, 50 accounts). "twice": (run, seq) and (run, node) ' +
      'pairs recorded more than once among the resumed runs, ledger keys more than once, resumed runs with no DM step (seq 3) recorded, ' +
      'DMs sent by the end of the wait and runs whose DM was sent more than once.',
  };
  console.log('C', JSON.stringify(timers, null, 1));
  await pool.query('drop table bench_due_runs');
  return { sleeping, timers };
}

/** The real sleepers' rows (numbered k = 0..real-1) and the contacts the copies are for, in scratch tables read by copySleepers. */
async function prepareCopies(pool: pg.Pool, workspaceId: string, flowId: string, real: number, sleepers: number) {
  await pool.query(
    `create table bench_tmpl as
       select r.*, row_number() over (order by r.started_at, r.id) - 1 as k from flow_runs r where r.flow_id = $1 and r.status = 'sleeping'`,
    [flowId],
  );
  await pool.query(`create table bench_tmpl_steps as select t.k, t.started_at as run_at, s.* from bench_tmpl t join run_steps s on s.run_id = t.id`);
  await pool.query(`create table bench_tmpl_timers as select t.k, t.started_at as run_at, x.* from bench_tmpl t join run_timers x on x.run_id = t.id`);
  await pool.query(
    `create table bench_contacts as select g, ct.id as contact_id, ct.account_id
       from generate_series($2::int, $3::int - 1) g join contacts ct on ct.workspace_id = $1 and ct.external_user_id = 'c' || g`,
    [workspaceId, real, sleepers],
  );
  await pool.query('alter table bench_contacts add primary key (g); analyze bench_tmpl, bench_tmpl_steps, bench_tmpl_timers, bench_contacts');
}

/**
 * Copies of the real sleepers' rows for contacts c<from>..c<to-1>: each copy's times keep their
 * distance to its start (the timer one hour after it). In batches of CLONE_BATCH runs, one
 * transaction each, as the runtime writes them (the rollup triggers fire at commit per run: in one
 * huge transaction their counter rows would grow long version chains).
 */
async function copySleepers(pool: pg.Pool, real: number, from: number, to: number) {
  await pool.query(
    `with p as materialized (
       select gen_random_uuid() as run_id, b.contact_id, b.account_id, clock_timestamp() as at, b.g % $3::int as k
       from bench_contacts b where b.g >= $1 and b.g < $2
     ), runs as (
       insert into flow_runs (id, workspace_id, flow_id, version_id, account_id, contact_id, status, state, pending_input, trigger, status_detail,
                              error, current_node_id, step_count, resume_at, started_at, updated_at, finished_at)
       select p.run_id, r.workspace_id, r.flow_id, r.version_id, p.account_id, p.contact_id, r.status, r.state, r.pending_input, r.trigger,
              r.status_detail, r.error, r.current_node_id, r.step_count, p.at + (r.resume_at - r.started_at), p.at,
              p.at + (r.updated_at - r.started_at), p.at + (r.finished_at - r.started_at)
       from p join bench_tmpl r on r.k = p.k
     ), steps as (
       insert into run_steps (run_id, seq, node_id, kind, status, input, output, error, attempts, started_at, finished_at)
       select p.run_id, s.seq, s.node_id, s.kind, s.status, s.input, s.output, s.error, s.attempts, p.at + (s.started_at - s.run_at),
              p.at + (s.finished_at - s.run_at)
       from p join bench_tmpl_steps s on s.k = p.k
     )
     insert into run_timers (run_id, seq, kind, due_at)
     select p.run_id, t.seq, t.kind, p.at + (t.due_at - t.run_at) from p join bench_tmpl_timers t on t.k = p.k`,
    [from, to, real],
  );
}

/** Average stored width of each table's rows, the runtime's sleepers against the copies: they must match. */
async function cloneCheck(pool: pg.Pool, flowId: string, real: number) {
  const { rows } = await pool.query<{ t: string; real_bytes: number; copies_bytes: number; real_rows: number; copies_rows: number }>(
    `with k as (select r.id, row_number() over (order by r.started_at, r.id) <= $2 as real from flow_runs r where r.flow_id = $1)
     select 'flow_runs' t, avg(pg_column_size(r.*)) filter (where k.real)::float real_bytes, avg(pg_column_size(r.*)) filter (where not k.real)::float copies_bytes,
            count(*) filter (where k.real)::int real_rows, count(*) filter (where not k.real)::int copies_rows
       from k join flow_runs r using (id)
     union all
     select 'run_steps', avg(pg_column_size(s.*)) filter (where k.real), avg(pg_column_size(s.*)) filter (where not k.real),
            (count(*) filter (where k.real))::int, (count(*) filter (where not k.real))::int
       from k join run_steps s on s.run_id = k.id
     union all
     select 'run_timers', avg(pg_column_size(t.*)) filter (where k.real), avg(pg_column_size(t.*)) filter (where not k.real),
            (count(*) filter (where k.real))::int, (count(*) filter (where not k.real))::int
       from k join run_timers t on t.run_id = k.id`,
    [flowId, real],
  );
  return Object.fromEntries(
    rows.map((r) => [
      r.t,
      { realRows: r.real_rows, copyRows: r.copies_rows, realAvgBytes: round(Number(r.real_bytes)), copyAvgBytes: round(Number(r.copies_bytes)) },
    ]),
  );
}
