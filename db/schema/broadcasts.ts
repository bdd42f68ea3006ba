import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './social-accounts';
import { createdAtColumn, workspaceIdColumn } from './columns';
import { contacts } from './inbox';

/**
 * A message sent to a segment of contacts (ARCHITECTURE.md#broadcasts). `segment` is the zod-checked
 * filter (contracts/broadcasts.ts); `status` moves draft → scheduled → running ⇄ paused → completed,
 * or to cancelled from any state before completed.
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    name: text('name').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    /** The message's http(s) URLs are sent as tracked `/l/<code>` links (db/links/wrap-tracked-links.ts). */
    trackLinks: boolean('track_links').notNull().default(false),
    segment: jsonb('segment').notNull(),
    status: text('status').notNull().default('draft'),
    runAt: timestamp('run_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('broadcasts_status_check', sql`${t.status} in ('draft', 'scheduled', 'running', 'paused', 'completed', 'cancelled')`),
    uniqueIndex('broadcasts_workspace_recent_key').on(t.workspaceId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * One row per (broadcast, contact), unique: a crash, a redone job or a double click cannot make a
 * second one. `pending` waits for its turn; `queued` has an outbound ledger row (keyed
 * `broadcast:<id>:<contact>:<attempt>`, so it is sent at most once) whose status says sent/failed;
 * `skipped` never sends (reason kept); `cancelled` was pending or still queued when cancelled.
 */
export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    broadcastId: uuid('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    accountId: accountIdColumn(),
    status: text('status').notNull().default('pending'),
    skipReason: text('skip_reason'),
    /** Retries of a failed send: each one gets its own ledger key. */
    attempt: integer('attempt').notNull().default(1),
    ledgerId: uuid('ledger_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('broadcast_recipients_account_id_idx').on(t.accountId),
    index('broadcast_recipients_contact_id_idx').on(t.contactId),
    uniqueIndex('broadcast_recipients_workspace_key').on(t.workspaceId, t.createdAt, t.id),
    check('broadcast_recipients_status_check', sql`${t.status} in ('pending', 'queued', 'skipped', 'cancelled')`),
    uniqueIndex('broadcast_recipients_broadcast_contact_key').on(t.broadcastId, t.contactId),
    index('broadcast_recipients_broadcast_status_idx').on(t.broadcastId, t.status),
    // The dispatcher's batch pick: each account's oldest pending recipients (db/broadcasts/queue-broadcast-batch.ts).
    index('broadcast_recipients_pending_idx')
      .on(t.broadcastId, t.accountId, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('broadcast_recipients_ledger_idx').on(t.ledgerId),
  ],
);
