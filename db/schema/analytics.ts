import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { broadcasts } from './broadcasts';
import { createdAtColumn, workspaceIdColumn } from './columns';
import { flowRuns, flows } from './flows';
import { contacts, messages } from './inbox';
import { leads } from './leads';

/**
 * Daily figures per workspace, UTC day and platform ('none' for things with no account, e.g. a
 * manual lead), kept by triggers on the event tables (migration 0016) so each count changes in the
 * transaction that writes its event, whoever writes it. The analytics API reads only these rows.
 * `shard` (migration 0021): each writer adds to one of 16 rows of its key, chosen by its database
 * connection, so concurrent events of one workspace and day do not queue on one row's lock; every
 * read sums over the shards.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    workspaceId: workspaceIdColumn(),
    day: date('day').notNull(),
    platform: text('platform').notNull(),
    shard: smallint('shard').notNull().default(0),
    messagesIn: integer('messages_in').notNull().default(0),
    messagesOut: integer('messages_out').notNull().default(0),
    commentsAnswered: integer('comments_answered').notNull().default(0),
    dmsQueued: integer('dms_queued').notNull().default(0),
    dmsSent: integer('dms_sent').notNull().default(0),
    dmsFailed: integer('dms_failed').notNull().default(0),
    leadsCreated: integer('leads_created').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
    linkClicks: integer('link_clicks').notNull().default(0),
    /** Sends by a comment rule or a flow that reached `sent` (docs/product-spec.md, Glossary: automated reply). */
    automatedReplies: integer('automated_replies').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day, t.platform, t.shard] })],
);

/** Daily run figures per flow (entered → completed / failed → converted), kept by the same triggers. */
export const analyticsFlowDaily = pgTable(
  'analytics_flow_daily',
  {
    workspaceId: workspaceIdColumn(),
    day: date('day').notNull(),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    shard: smallint('shard').notNull().default(0),
    runsStarted: integer('runs_started').notNull().default(0),
    runsCompleted: integer('runs_completed').notNull().default(0),
    runsFailed: integer('runs_failed').notNull().default(0),
    conversions: integer('conversions').notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('analytics_flow_daily_flow_id_idx').on(t.flowId), primaryKey({ columns: [t.workspaceId, t.day, t.flowId, t.shard] })],
);

/**
 * A sale: from a lead set to converted with a value (once per lead), from a shop through
 * POST /api/conversions (once per idempotency key), or from a flow's Track conversion node.
 */
export const conversions = pgTable(
  'conversions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    source: text('source').notNull(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    flowId: uuid('flow_id').references(() => flows.id, { onDelete: 'set null' }),
    runId: uuid('run_id').references(() => flowRuns.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('conversions_contact_id_idx').on(t.contactId),
    index('conversions_flow_id_idx').on(t.flowId),
    index('conversions_lead_id_idx').on(t.leadId),
    index('conversions_run_id_idx').on(t.runId),
    check('conversions_source_check', sql`${t.source} in ('lead', 'api', 'flow')`),
    check('conversions_amount_check', sql`${t.amountCents} >= 0`),
    check('conversions_currency_check', sql`${t.currency} = 'USD'`),
    uniqueIndex('conversions_workspace_idempotency_key').on(t.workspaceId, t.idempotencyKey),
    index('conversions_workspace_recent_idx').on(t.workspaceId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * A URL in a flow, rule or broadcast DM wrapped as /l/<code> when the message was queued: one code per
 * (message, URL), so clicks and sends count per message (db/links/wrap-tracked-links.ts).
 */
export const trackedLinks = pgTable(
  'tracked_links',
  {
    code: text('code').primaryKey(),
    workspaceId: workspaceIdColumn(),
    targetUrl: text('target_url').notNull(),
    flowId: uuid('flow_id').references(() => flows.id, { onDelete: 'set null' }),
    nodeId: text('node_id'),
    ruleId: uuid('rule_id'),
    broadcastId: uuid('broadcast_id').references(() => broadcasts.id, { onDelete: 'set null' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    /** The outbound message that carries the link (its status says whether it was sent). */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
    /** Its link_clicks rows, counted by their trigger at commit (migration 0026). */
    clicks: integer('clicks').notNull().default(0),
    /** Whether its message's status is `sent`, kept by triggers (migration 0026): CTR reads no messages. */
    messageSent: boolean('message_sent').notNull().default(false),
  },
  (t) => [
    index('tracked_links_broadcast_id_idx').on(t.broadcastId),
    index('tracked_links_contact_id_idx').on(t.contactId),
    index('tracked_links_flow_id_idx').on(t.flowId),
    uniqueIndex('tracked_links_message_url').on(t.messageId, t.targetUrl),
    uniqueIndex('tracked_links_workspace_created_key').on(t.workspaceId, t.createdAt, t.code),
  ],
);

export const linkClicks = pgTable(
  'link_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    code: text('code')
      .notNull()
      .references(() => trackedLinks.code, { onDelete: 'cascade' }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('link_clicks_workspace_clicked_key').on(t.workspaceId, t.clickedAt, t.id), index('link_clicks_code_idx').on(t.code)],
);
