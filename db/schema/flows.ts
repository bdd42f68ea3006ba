import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, workspaceIdColumn } from './columns';
import { contacts } from './inbox';
import { accountIdColumn } from './social-accounts';

/** A flow as the builder saves it: the editable React Flow graph (ARCHITECTURE.md#flow-runtime). */
export const flows = pgTable(
  'flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    name: text('name').notNull().default('Untitled Flow'),
    description: text('description').notNull().default(''),
    platform: text('platform', { enum: ['twitter', 'instagram', 'multi'] })
      .notNull()
      .default('multi'),
    isActive: boolean('is_active').notNull().default(false),
    graph: jsonb('graph').notNull(),
    /** The version new runs start on while the flow is active. */
    activeVersionId: uuid('active_version_id'),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('flows_workspace_key').on(t.workspaceId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('flows_active_idx')
      .on(t.workspaceId)
      .where(sql`is_active`),
  ],
);

/** Immutable: the graph and its compiled ExecutionPlan at publish time. Runs pin one. */
export const flowVersions = pgTable(
  'flow_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    graph: jsonb('graph').notNull(),
    plan: jsonb('plan').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('flow_versions_workspace_key').on(t.workspaceId, t.id), uniqueIndex('flow_versions_flow_version_key').on(t.flowId, t.version)],
);

/**
 * One contact's trip through one flow version. `state` is the interpreter's (pure, small);
 * `pending_input` is the next input the driver feeds it (a timer fired, a reply, an activity
 * result) — written by whoever resumes the run, in their transaction, so no input lives only in
 * a job payload.
 */
export const flowRuns = pgTable(
  'flow_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => flowVersions.id, { onDelete: 'cascade' }),
    accountId: accountIdColumn(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['running', 'waiting', 'sleeping', 'completed', 'failed', 'cancelled'] }).notNull(),
    state: jsonb('state').notNull(),
    pendingInput: jsonb('pending_input'),
    /** What started it: trigger type, text, comment/post/message ids. */
    trigger: jsonb('trigger').notNull(),
    statusDetail: text('status_detail'),
    error: text('error'),
    currentNodeId: text('current_node_id'),
    stepCount: integer('step_count').notNull().default(0),
    resumeAt: timestamp('resume_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('flow_runs_account_id_idx').on(t.accountId),
    index('flow_runs_version_id_idx').on(t.versionId),
    // Runs view: keyset on (started_at desc, id desc), by workspace, by flow, by status.
    uniqueIndex('flow_runs_workspace_recent_key').on(t.workspaceId, t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('flow_runs_flow_recent_idx').on(t.flowId, t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('flow_runs_status_recent_idx').on(t.workspaceId, t.status, t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Wait-for-reply: the inbound pipeline finds the runs parked on this contact.
    index('flow_runs_waiting_contact_idx')
      .on(t.contactId)
      .where(sql`status = 'waiting'`),
    // The inbox's contact panel: one contact's runs, newest first.
    index('flow_runs_contact_recent_idx').on(t.contactId, t.startedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // One live run per flow and contact.
    uniqueIndex('flow_runs_one_live_per_contact')
      .on(t.flowId, t.contactId)
      .where(sql`status in ('running', 'waiting', 'sleeping')`),
  ],
);

/** Step history: unique (run, seq), so a retried job can never record a step twice. */
export const runSteps = pgTable(
  'run_steps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => flowRuns.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    nodeId: text('node_id').notNull(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['running', 'completed', 'failed', 'waiting', 'sleeping', 'skipped'] }).notNull(),
    input: jsonb('input'),
    output: jsonb('output'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(1),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('run_steps_run_seq_key').on(t.runId, t.seq)],
);

/**
 * Delays, wait timeouts and retry backoffs: one row per sleeping run, never a job (ARCHITECTURE.md#flow-runtime).
 * The pump moves due rows into `run.advance` jobs in batches. `seq` is the step it resumes; a stale
 * timer (the run moved on, e.g. the reply came first) is ignored.
 */
export const runTimers = pgTable(
  'run_timers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: uuid('run_id')
      .notNull()
      .references(() => flowRuns.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: ['delay', 'reply_timeout', 'retry', 'send_slot'] }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('run_timers_due_idx').on(t.dueAt), index('run_timers_run_idx').on(t.runId)],
);
