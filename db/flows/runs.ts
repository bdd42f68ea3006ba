import type pg from 'pg';
import { executionPlanSchema, type ExecutionPlan } from '../../contracts/execution-plan';
import { initialRunState, type RunTrigger } from '../../contracts/run-state';
import { jobSpecRow } from '../jobs/job-spec';
import { EVENTS_CHANNEL, notifyWorkspace } from '../notify';
import { contactColumns, contactRowOf, type RunContactRow } from './run-contacts';

type Db = Pick<pg.PoolClient, 'query'>;

export type { RunTrigger } from '../../contracts/run-state';

/**
 * Fairness between workspaces (ADR 0013): a workspace with at least this many runnable runs
 * ('running': queued or being driven) has its steps queued at `BUSY_PRIORITY`, behind every other
 * workspace's steps (0), so one tenant's backlog of thousands of runs does not delay another
 * tenant's new run. Counting stops at the threshold, so the check costs at most this many index
 * entries per workspace in the batch.
 */
export const BUSY_WORKSPACE_RUNNABLE_RUNS = 50;
export const BUSY_PRIORITY = 2;

/**
 * Whether the workspace `ws` (an SQL expression) has `limit` (a parameter) runs in status 'running'.
 * Written so that only flow_runs_status_recent_idx (workspace_id, status, started_at, id) can answer
 * it without sorting: the status as a range (equal to one value, but not a constant to the planner)
 * and the ORDER BY in that index's order. The scan then stops after `limit` running runs. With a
 * plain `status = 'running'` PostgreSQL may take a sequential scan, or the (workspace_id,
 * started_at) index, expecting to meet `limit` running runs early (its statistics taken while many
 * ran) and read every row of the workspace instead: 10,000 due timers resumed while 100,000 other
 * runs of the workspace slept read the whole table for each run of each batch, and waited 10 s
 * (tests/perf/results/README.md, "flows part C: the due-timers regression").
 */
const busyCount = (ws: string, limit: string) =>
  `(select count(*) from (select 1 from flow_runs b
                          where b.workspace_id = ${ws} and b.status >= 'running' and b.status <= 'running'
                          order by b.status, b.started_at desc, b.id desc limit ${limit}) x) >= ${limit}`;

const advanceJob = jobSpecRow('run.advance', {
  payload: `json_build_object('runId', r.id)`,
  runAt: 'now() + make_interval(secs => $2::float8 / 1000)',
  keyOf: 'r.id',
  priority: `case when w.busy then ${BUSY_PRIORITY} else 0 end`,
});

/**
 * Schedules `run.advance` for runs; one pending job per run (job_key), the input lives on the row.
 * The priority is the run's workspace's (see BUSY_WORKSPACE_RUNNABLE_RUNS).
 */
export async function enqueueAdvance(db: Db, runIds: string[], delayMs = 0) {
  if (runIds.length === 0) return;
  await db.query(enqueueAdvanceQuery(runIds, delayMs));
}

/**
 * enqueueAdvance's statement (its plan is tested, db/flows/run-fairness.int.test.ts). `w` is
 * MATERIALIZED so the count runs once per workspace: inlined, PostgreSQL moved `busy` into the
 * array_agg and counted again for every run of the batch (250 counts per runs.resume batch).
 */
export function enqueueAdvanceQuery(runIds: string[], delayMs = 0): { text: string; values: unknown[] } {
  return {
    text: `with r as (select id, workspace_id from flow_runs where id = any($1::uuid[])),
     w as materialized (
       select ws.workspace_id, ${busyCount('ws.workspace_id', '$3')} as busy
       from (select distinct workspace_id from r) ws)
     select graphile_worker.add_jobs(array_agg(${advanceJob})) from r join w using (workspace_id)`,
    values: [runIds, delayMs, BUSY_WORKSPACE_RUNNABLE_RUNS],
  };
}

const startJob = jobSpecRow('run.advance', {
  payload: `json_build_object('runId', ins.id)`,
  runAt: 'now()',
  keyOf: 'ins.id',
  priority: `case when busy.busy then ${BUSY_PRIORITY} else 0 end`,
});

/** The new run's row ($1..$7): state "start", its input on the row; nothing when the contact is already in a live run of the flow. */
const INSERT_STARTING_RUN = `insert into flow_runs (workspace_id, flow_id, version_id, account_id, contact_id, status, state, pending_input, trigger, status_detail)
       values ($1, $2, $3, $4, $5, 'running', $6, '{"type":"start"}', $7, 'Starting')
       on conflict (flow_id, contact_id) where status in ('running', 'waiting', 'sleeping') do nothing`;

/**
 * Starts a run of `versionId` for a contact: a row in state "start", its `run.advance` job (the
 * workspace's priority, as enqueueAdvance sets it) and the browsers' notice, in ONE statement of the
 * caller's transaction. A contact already in a live run of this flow is not started again (null).
 */
export async function startRun(
  db: Db,
  run: { workspaceId: string; flowId: string; versionId: string; accountId: string; contactId: string; trigger: RunTrigger },
): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `with ins as (
       ${INSERT_STARTING_RUN}
       returning id),
     busy as (select ${busyCount('$1', '$8')} as busy),
     job as (select graphile_worker.add_jobs(array[${startJob}]) from ins, busy)
     select ins.id, (select count(*) from job) as jobs,
            pg_notify($9, json_build_object('workspaceId', $1::uuid,
              'event', json_build_object('type', 'run.updated', 'runId', ins.id, 'flowId', $2::uuid, 'status', 'running'))::text)
     from ins`,
    [
      run.workspaceId,
      run.flowId,
      run.versionId,
      run.accountId,
      run.contactId,
      JSON.stringify(initialRunState()),
      JSON.stringify(run.trigger),
      BUSY_WORKSPACE_RUNNABLE_RUNS,
      EVENTS_CHANNEL,
    ],
  );
  return rows[0]?.id ?? null;
}

/**
 * Starts a run like startRun but WITHOUT its `run.advance` job or notice: the caller (the inbound
 * batch, workers/flows/first-steps.ts) takes its first steps in the same transaction, or queues it
 * with enqueueAdvance before that transaction commits. The row is the one startRun writes (state
 * "start", the input on the row), so a job added later drives it exactly as startRun's would. Returns
 * the run with its contact as lockRun reads it (the interpreter's view), in the same round trip; null
 * when the contact is already in a live run of this flow.
 */
export async function insertRun(
  db: Db,
  run: { workspaceId: string; flowId: string; versionId: string; accountId: string; contactId: string; trigger: RunTrigger },
): Promise<{ id: string; startedAt: Date; contact: RunContactRow } | null> {
  const { rows } = await db.query<Record<string, unknown>>({
    name: 'flow-run-insert',
    text: `with ins as (
       ${INSERT_STARTING_RUN}
       returning id, started_at)
     select ins.id, ins.started_at, ${contactColumns('c', 'c_')} from ins join contacts c on c.id = $5`,
    values: [run.workspaceId, run.flowId, run.versionId, run.accountId, run.contactId, JSON.stringify(initialRunState()), JSON.stringify(run.trigger)],
  });
  const row = rows[0];
  if (!row) return null;
  return { id: String(row.id), startedAt: row.started_at as Date, contact: contactRowOf(row, 'c_') };
}

/**
 * Wait for reply (ARCHITECTURE.md#flow-runtime): the contact's message resumes the runs parked on them, in the
 * inbound pipeline's transaction. Their timeout timers go with it, so exactly one of reply and
 * timeout wins. Returns the resumed run ids.
 */
export async function resumeWaitingRuns(db: Db, accountId: string, contactId: string, text: string): Promise<string[]> {
  // Named: every inbound DM asks (PostgreSQL plans it once per connection, not per message).
  const { rows } = await db.query<{ id: string; workspace_id: string; flow_id: string }>({
    name: 'resume-waiting-runs',
    text: `update flow_runs set pending_input = jsonb_build_object('type', 'reply', 'seq', (state->'awaiting'->>'seq')::int, 'text', $3::text),
       status_detail = 'Reply received', resume_at = null, updated_at = now()
     where contact_id = $2 and account_id = $1 and status = 'waiting' and pending_input is null
     returning id, workspace_id, flow_id`,
    values: [accountId, contactId, text],
  });
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  await db.query(`delete from run_timers where run_id = any($1::uuid[]) and kind = 'reply_timeout'`, [ids]);
  await enqueueAdvance(db, ids);
  for (const r of rows) await notifyWorkspace(db, r.workspace_id, { type: 'run.updated', runId: r.id, flowId: r.flow_id, status: 'running' });
  return ids;
}

/** Plans never change once published: parsed once and cached per process by version id. */
// eslint-disable-next-line no-restricted-syntax -- a cache of immutable published plans, not a registry of dependencies
const planCache = new Map<string, ExecutionPlan>();
export async function loadPlan(db: Db, versionId: string, runId: string): Promise<ExecutionPlan> {
  const cached = planCache.get(versionId);
  if (cached) return cached;
  const { rows } = await db.query<{ plan: unknown }>('select plan from flow_versions where id = $1', [versionId]);
  if (!rows[0]) throw new Error(`run ${runId}: flow version ${versionId} not found`);
  const parsed = executionPlanSchema.safeParse(rows[0].plan);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(
      `run ${runId}: stored plan of flow version ${versionId} is not readable at ${first?.path.join('.') ?? '?'}: ${first?.message ?? 'invalid'}`,
    );
  }
  if (planCache.size > 5000) planCache.clear();
  planCache.set(versionId, parsed.data);
  return parsed.data;
}
