import type pg from 'pg';
import { contactTaggedEvents } from '../contacts/tag-events';
import { eventCtes } from '../event-webhooks/emit-events';
import type { RunState } from '../../contracts/run-state';
import type { RunStatus } from '../../contracts/flows';
import type { InboxEvent } from '../../contracts/inbox';
import { EVENTS_CHANNEL } from '../notify';
import { saveCapturedLead, type CapturedLead, type LeadScoring } from '../leads/capture-lead';
import { enrollRunContact } from '../sequences/enroll';

type Db = Pick<pg.PoolClient, 'query'>;

/**
 * What the interpreter's commands write, as data: built by the pure `writesFor`
 * (workers/flows/run-writes.ts) and applied here, in bulk, in the caller's transaction. The driver
 * applies one run's writes per turn, the batch resume a few hundred runs' at once: the same rows
 * either way.
 */
export interface RunWrites {
  /** Steps that finished inside the advance: inserted as completed (a second row for a seq is a bug, and fails). */
  recordedSteps: { runId: string; seq: number; nodeId: string; kind: string; input: unknown; output: unknown }[];
  /** The step a run parks on. Upserted: opening a step again counts an attempt and clears its error. */
  openedSteps: { runId: string; seq: number; nodeId: string; kind: string; status: 'sleeping' | 'waiting' | 'running'; input: unknown }[];
  /** Awaited steps the advance closed. */
  finishedSteps: { runId: string; seq: number; output: unknown }[];
  /** Upserted: the failing step may have been recorded in this same advance, or never. */
  failedSteps: { runId: string; seq: number; nodeId: string; kind: string; error: string }[];
  /** In command order: tag changes of one contact do not commute. */
  contactUpdates: { contactId: string; addTags: string[]; removeTags: string[]; setFields: Record<string, unknown>; conversationPriority?: 'high' }[];
  /** Track conversion steps: one sale each, keyed `flow:<runId>:<seq>` so a redone turn adds none. */
  conversions: { runId: string; seq: number; amountCents: number }[];
  /** Capture lead steps that found an email: saved on the contact's lead, after the steps they annotate. */
  capturedLeads: CapturedLead[];
  /** Sequence steps (ADR 0048): the run's contact enrolled or unenrolled, after the steps they annotate. */
  sequenceEnrollments: { runId: string; sequenceId: string; action: 'enroll' | 'unenroll' }[];
  /** Runs that ended: their timers go. */
  clearTimers: string[];
  timers: { runId: string; seq: number; kind: 'delay' | 'reply_timeout'; dueInMs: number }[];
}

/** The run row after a turn. */
export interface RunUpdate {
  id: string;
  state: RunState;
  status: RunStatus;
  stepCount: number;
  currentNodeId: string | null;
  /** null keeps the current detail. */
  detail: string | null;
  error: string | null;
  resumeAt: Date | null;
}

const json = (value: unknown) => JSON.stringify(value ?? null);

/** `scoring`: how a captured lead's score is recomputed (workflows/lead-score.ts and the turn's clock). */
export async function applyRunWrites(db: Db, w: RunWrites, scoring: LeadScoring): Promise<void> {
  // The step and timer rows in one statement (data-modifying CTEs) when they touch different rows: steps
  // recorded, opened and finished in one advance have different seqs, and an advance either ends the
  // run (its timers go) or starts a timer, never both. A failing step may be one recorded in this very
  // advance (failedSteps upserts it), so with one the statements stay apart, in order.
  if (w.failedSteps.length === 0) {
    const rows = w.recordedSteps.length + w.openedSteps.length + w.finishedSteps.length + w.clearTimers.length + w.timers.length;
    if (rows > 0) await writeStepsAndTimers(db, w);
    await writeTheRest(db, w, scoring);
    return;
  }
  if (w.recordedSteps.length > 0) {
    const s = w.recordedSteps;
    await db.query(
      `insert into run_steps (run_id, seq, node_id, kind, status, input, output, started_at, finished_at)
       select run_id, seq, node_id, kind, 'completed', input, output, clock_timestamp(), clock_timestamp()
       from unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::jsonb[], $6::jsonb[]) as u(run_id, seq, node_id, kind, input, output)`,
      [s.map((x) => x.runId), s.map((x) => x.seq), s.map((x) => x.nodeId), s.map((x) => x.kind), s.map((x) => json(x.input)), s.map((x) => json(x.output))],
    );
  }
  if (w.openedSteps.length > 0) {
    const s = w.openedSteps;
    await db.query(
      `insert into run_steps (run_id, seq, node_id, kind, status, input, started_at)
       select run_id, seq, node_id, kind, status, input, clock_timestamp()
       from unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::text[], $6::jsonb[]) as u(run_id, seq, node_id, kind, status, input)
       on conflict (run_id, seq) do update set status = excluded.status, attempts = run_steps.attempts + 1, started_at = clock_timestamp(), error = null`,
      [s.map((x) => x.runId), s.map((x) => x.seq), s.map((x) => x.nodeId), s.map((x) => x.kind), s.map((x) => x.status), s.map((x) => json(x.input))],
    );
  }
  if (w.finishedSteps.length > 0) {
    const s = w.finishedSteps;
    await db.query(
      `update run_steps s set status = 'completed', output = u.output, error = null, finished_at = clock_timestamp()
       from unnest($1::uuid[], $2::int[], $3::jsonb[]) u(run_id, seq, output)
       where s.run_id = u.run_id and s.seq = u.seq`,
      [s.map((x) => x.runId), s.map((x) => x.seq), s.map((x) => json(x.output))],
    );
  }
  if (w.failedSteps.length > 0) {
    const s = w.failedSteps;
    await db.query(
      `insert into run_steps (run_id, seq, node_id, kind, status, error, finished_at)
       select run_id, seq, node_id, kind, 'failed', error, clock_timestamp()
       from unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::text[]) as u(run_id, seq, node_id, kind, error)
       on conflict (run_id, seq) do update set status = 'failed', error = excluded.error, finished_at = clock_timestamp()`,
      [s.map((x) => x.runId), s.map((x) => x.seq), s.map((x) => x.nodeId), s.map((x) => x.kind), s.map((x) => x.error)],
    );
  }
  await writeTheRest(db, w, scoring);
  if (w.clearTimers.length > 0) await db.query('delete from run_timers where run_id = any($1::uuid[])', [w.clearTimers]);
  if (w.timers.length > 0) {
    const t = w.timers;
    await db.query(
      `insert into run_timers (run_id, seq, kind, due_at)
       select run_id, seq, kind, now() + make_interval(secs => ms / 1000) from unnest($1::uuid[], $2::int[], $3::text[], $4::float8[]) as u(run_id, seq, kind, ms)`,
      [t.map((x) => x.runId), t.map((x) => x.seq), t.map((x) => x.kind), t.map((x) => x.dueInMs)],
    );
  }
}

/** Contact updates, conversions and captured leads, after the steps they annotate. */
async function writeTheRest(db: Db, w: RunWrites, scoring: LeadScoring): Promise<void> {
  for (const c of w.contactUpdates) {
    await db.query(
      c.addTags.length === 0
        ? `update contacts set
             tags = (select coalesce(array_agg(distinct t order by t), '{}') from unnest(tags || $2::text[]) t where t <> all($3::text[])),
             custom_fields = custom_fields || $4::jsonb
           where id = $1`
        : // Tags added: the same update with its contact.tagged event (eventCtes) in the statement.
          `with before as (select id, tags from contacts where id = $1),
           changed as (update contacts k set
             tags = (select coalesce(array_agg(distinct t order by t), '{}') from unnest(k.tags || $2::text[]) t where t <> all($3::text[])),
             custom_fields = k.custom_fields || $4::jsonb
           from before b where k.id = b.id
           returning k.id, k.workspace_id, k.tags, b.tags as old_tags),
           ${taggedEvents.ctes}
           select ${taggedEvents.woke} as woke`,
      [c.contactId, c.addTags, c.removeTags, JSON.stringify(c.setFields)],
    );
    // A hand-off (AI reply): the contact's conversation rises in the inbox for a person to take.
    if (c.conversationPriority) await db.query('update conversations set priority = $2 where contact_id = $1', [c.contactId, c.conversationPriority]);
  }
  if (w.conversions.length > 0) {
    const c = w.conversions;
    // The run's contact, its lead (if it has one) and its flow get the credit (the funnel's "converted").
    await db.query(
      `with ins as (insert into conversions (workspace_id, source, contact_id, flow_id, run_id, lead_id, amount_cents, idempotency_key)
       select r.workspace_id, 'flow', r.contact_id, r.flow_id, r.id,
              (select l.id from leads l where l.workspace_id = r.workspace_id and l.contact_id = r.contact_id), u.amount, 'flow:' || r.id || ':' || u.seq
       from unnest($1::uuid[], $2::int[], $3::int[]) as u(run_id, seq, amount) join flow_runs r on r.id = u.run_id
       on conflict (workspace_id, idempotency_key) do nothing
       returning id, workspace_id, contact_id, lead_id, flow_id, run_id, amount_cents, currency),
       ${flowConversionEvents.ctes}
       select ${flowConversionEvents.woke} as woke`,
      [c.map((x) => x.runId), c.map((x) => x.seq), c.map((x) => x.amountCents)],
    );
  }
  // Rare (one per Capture lead step), and each reads the leads it may merge with: one at a time, in order.
  for (const c of w.capturedLeads) await saveCapturedLead(db, c, scoring);
  for (const e of w.sequenceEnrollments) await enrollRunContact(db, e);
}

/** recordedSteps, openedSteps, finishedSteps, clearTimers and timers as ONE statement (see applyRunWrites). */
async function writeStepsAndTimers(db: Db, w: RunWrites): Promise<void> {
  const r = w.recordedSteps;
  const o = w.openedSteps;
  const f = w.finishedSteps;
  const t = w.timers;
  // Not named (prepared): PostgreSQL would switch to a generic plan for it once its custom plans
  // looked as dear, and with 100,000 runs' steps that plan took 6.4 ms a call instead of ~0.2 (flows
  // bench, part A). Planned per call, with its arrays' real lengths, it costs ~0.26 ms of planning.
  await db.query({
    text: `with recorded as (
       insert into run_steps (run_id, seq, node_id, kind, status, input, output, started_at, finished_at)
       select run_id, seq, node_id, kind, 'completed', input, output, clock_timestamp(), clock_timestamp()
       from unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::jsonb[], $6::jsonb[]) as u(run_id, seq, node_id, kind, input, output)),
     opened as (
       insert into run_steps (run_id, seq, node_id, kind, status, input, started_at)
       select run_id, seq, node_id, kind, status, input, clock_timestamp()
       from unnest($7::uuid[], $8::int[], $9::text[], $10::text[], $11::text[], $12::jsonb[]) as u(run_id, seq, node_id, kind, status, input)
       on conflict (run_id, seq) do update set status = excluded.status, attempts = run_steps.attempts + 1, started_at = clock_timestamp(), error = null),
     finished as (
       update run_steps s set status = 'completed', output = u.output, error = null, finished_at = clock_timestamp()
       from unnest($13::uuid[], $14::int[], $15::jsonb[]) u(run_id, seq, output)
       where s.run_id = u.run_id and s.seq = u.seq),
     cleared as (delete from run_timers where run_id = any($16::uuid[])),
     timers as (
       insert into run_timers (run_id, seq, kind, due_at)
       select run_id, seq, kind, now() + make_interval(secs => ms / 1000) from unnest($17::uuid[], $18::int[], $19::text[], $20::float8[]) as u(run_id, seq, kind, ms))
     select 1`,
    values: [
      r.map((x) => x.runId),
      r.map((x) => x.seq),
      r.map((x) => x.nodeId),
      r.map((x) => x.kind),
      r.map((x) => json(x.input)),
      r.map((x) => json(x.output)),
      o.map((x) => x.runId),
      o.map((x) => x.seq),
      o.map((x) => x.nodeId),
      o.map((x) => x.kind),
      o.map((x) => x.status),
      o.map((x) => json(x.input)),
      f.map((x) => x.runId),
      f.map((x) => x.seq),
      f.map((x) => json(x.output)),
      w.clearTimers,
      t.map((x) => x.runId),
      t.map((x) => x.seq),
      t.map((x) => x.kind),
      t.map((x) => x.dueInMs),
    ],
  });
}

const taggedEvents = contactTaggedEvents('changed');

/** `conversion.created` for each conversion a Conversion step inserted (a redone turn's repeat inserts nothing). */
const flowConversionEvents = eventCtes(`select workspace_id, 'conversion.created'::text as type,
       jsonb_build_object('conversionId', id, 'source', 'flow', 'leadId', lead_id, 'contactId', contact_id, 'flowId', flow_id, 'runId', run_id,
         'amountCents', amount_cents, 'currency', currency) as data, row_number() over () as n
     from ins`);

/** `run.completed` / `run.failed` for each run this turn finished, in updateRuns' statement (eventCtes). */
const runEvents = eventCtes(`select workspace_id, 'run.' || status as type,
       jsonb_build_object('runId', id, 'flowId', flow_id, 'contactId', contact_id, 'status', status, 'error', error, 'detail', status_detail, 'finishedAt', now()) as data,
       row_number() over () as n
     from updated where status in ('completed', 'failed') and was is distinct from status`);

/**
 * The runs' rows after their turn; their input is consumed. `notices` go to the browsers
 * (db/notify.ts) in the same statement, so a turn's row and its notice are one round trip; so do the
 * event webhooks of the runs it finished.
 */
export async function updateRuns(db: Db, updates: RunUpdate[], notices: { workspaceId: string; event: InboxEvent }[] = []): Promise<void> {
  if (updates.length === 0 && notices.length === 0) return;
  await db.query({
    name: 'update-runs',
    text: `with updated as (update flow_runs r set state = u.state, pending_input = null, status = u.status, step_count = u.seq, current_node_id = u.node,
       status_detail = coalesce(u.detail, r.status_detail), error = u.error, updated_at = now(),
       finished_at = case when u.status in ('completed', 'failed') then now() end, resume_at = u.resume_at
     from unnest($1::uuid[], $2::jsonb[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::timestamptz[])
       as u(id, state, status, seq, node, detail, error, resume_at)
     where r.id = u.id
     returning r.id, r.workspace_id, r.flow_id, r.contact_id, r.status, r.error, r.status_detail,
       -- The status before this turn (the statement's snapshot), read only for a finished run: an event once per run.
       case when r.status in ('completed', 'failed') then (select o.status from flow_runs o where o.id = r.id) end as was),
     ${runEvents.ctes}
     -- One row always, so the wake is evaluated; the notices in order (a volatile output is never pruned).
     select ${runEvents.woke} as woke,
       (select count(*) from (select pg_notify($9, n) from unnest($10::text[]) with ordinality as t(n, i) order by i) x) as notified`,
    values: [
      updates.map((u) => u.id),
      updates.map((u) => JSON.stringify(u.state)),
      updates.map((u) => u.status),
      updates.map((u) => u.stepCount),
      updates.map((u) => u.currentNodeId),
      updates.map((u) => u.detail),
      updates.map((u) => u.error),
      updates.map((u) => u.resumeAt),
      EVENTS_CHANNEL,
      notices.map((n) => JSON.stringify(n)),
    ],
  });
}

/** Inputs the interpreter ignored (a stale timer, a late reply): consumed, nothing else changes. */
export async function dropRunInputs(db: Db, runIds: string[]): Promise<void> {
  if (runIds.length > 0) await db.query('update flow_runs set pending_input = null where id = any($1::uuid[])', [runIds]);
}
