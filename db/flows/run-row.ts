import type pg from 'pg';
import { z } from 'zod';
import { runStatuses } from '../../contracts/flows';
import { platformSchema, providerSchema } from '../../contracts/platforms';
import { contactColumns, contactRowOf, type RunContactRow } from './run-contacts';
import { parseRunColumn, pendingInputSchema, runStateSchema, runTriggerSchema } from '../../contracts/run-state';

type Db = Pick<pg.PoolClient, 'query'>;

/** The columns of a run row outside its JSON; the JSON columns are parsed one by one below. */
const runColumns = z.object({
  id: z.string(),
  workspace_id: z.string(),
  flow_id: z.string(),
  version_id: z.string(),
  account_id: z.string(),
  contact_id: z.string(),
  status: z.enum(runStatuses),
  started_at: z.date(),
  platform: platformSchema,
  provider: providerSchema,
});

/** A run as the driver and the batch resume read it: its JSON columns parsed with contracts/run-state.ts. */
export function parseRunRow(row: Record<string, unknown>) {
  const columns = runColumns.parse(row);
  return {
    ...columns,
    state: parseRunColumn(runStateSchema, row.state, columns.id, 'state'),
    pending_input: parseRunColumn(pendingInputSchema.nullable(), row.pending_input, columns.id, 'pending_input'),
    trigger: parseRunColumn(runTriggerSchema, row.trigger, columns.id, 'trigger'),
  };
}
export type RunRow = ReturnType<typeof parseRunRow>;

const selectRun = `select r.id, r.workspace_id, r.flow_id, r.version_id, r.account_id, r.contact_id, r.status, r.state, r.pending_input,
         r.trigger, r.started_at, a.platform, a.provider
  from flow_runs r join social_accounts a on a.id = r.account_id`;

// Named (prepared once per connection): parsed once, and planned once since a generic plan serves it
// (not every flow statement is named: see writeStepsAndTimers in run-writes.ts).
const LOCK_RUN_SQL = `select r.id, r.workspace_id, r.flow_id, r.version_id, r.account_id, r.contact_id, r.status, r.state, r.pending_input,
            r.trigger, r.started_at, a.platform, a.provider, ${contactColumns('c', 'c_')}
     from flow_runs r join social_accounts a on a.id = r.account_id left join contacts c on c.id = r.contact_id
     where r.id = $1 for update of r`;

/**
 * The run, locked for the caller's transaction (the driver's turn), with its contact as
 * readRunContacts reads it (the interpreter's view: one round trip for both); null when it is gone.
 */
export async function lockRun(db: Db, runId: string): Promise<(RunRow & { contact: RunContactRow }) | null> {
  const { rows } = await db.query({ name: 'lock-run', text: LOCK_RUN_SQL, values: [runId] });
  const row = rows[0] as Record<string, unknown> | undefined;
  if (!row) return null;
  if (row.c_id === null) throw new Error(`contact ${String(row.contact_id)} of run ${runId} not found`);
  return { ...parseRunRow(row), contact: contactRowOf(row, 'c_') };
}

/**
 * The runs of a `runs.resume` batch that still sleep or wait and are not held by another worker (SKIP
 * LOCKED), locked for the caller's transaction. Rows come back unparsed: the batch parses each one
 * so a single unreadable run is handed to its own job instead of failing the other 249.
 */
export async function lockRunsForResume(db: Db, runIds: string[]): Promise<Record<string, unknown>[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `${selectRun}
     where r.id = any($1::uuid[]) and r.status in ('sleeping', 'waiting')
     for update of r skip locked`,
    [runIds],
  );
  return rows;
}

/** A run as its webhook step sees it (workers/flows/webhook-step.ts); `lock` for the transaction that records the outcome. */
export async function readRunForWebhook(db: Db, runId: string, lock: boolean) {
  const { rows } = await db.query({
    name: lock ? 'run-for-webhook-lock' : 'run-for-webhook',
    text: `select id, workspace_id, flow_id, contact_id, status, state, pending_input from flow_runs where id = $1${lock ? ' for update' : ''}`,
    values: [runId],
  });
  const row = rows[0] as Record<string, unknown> | undefined;
  if (!row) return null;
  const columns = runColumns.pick({ id: true, workspace_id: true, flow_id: true, contact_id: true, status: true }).parse(row);
  return {
    ...columns,
    state: parseRunColumn(runStateSchema, row.state, columns.id, 'state'),
    pending_input: parseRunColumn(pendingInputSchema.nullable(), row.pending_input, columns.id, 'pending_input'),
  };
}
export type WebhookRun = NonNullable<Awaited<ReturnType<typeof readRunForWebhook>>>;
