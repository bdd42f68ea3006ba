import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { workspaceIdColumn } from './columns';
import { socialAccounts } from './social-accounts';

/**
 * Missed-webhook reconciliation per connected Meta account (ADR 0014, ARCHITECTURE.md#inbound-pipeline):
 * how far the Graph API has been read back, and what the last run recovered. One row per account.
 */
export const accountReconciliations = pgTable(
  'account_reconciliations',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    /** Every comment created before this time has been read from the platform (the cursor of the next run). */
    reconciledThrough: timestamp('reconciled_through', { withTimezone: true }),
    lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
    /** When the last run that read everything finished. */
    lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
    /** Events the last finished run found that we had never stored. */
    lastRecovered: integer('last_recovered').notNull().default(0),
    totalRecovered: integer('total_recovered').notNull().default(0),
    /** Why the last run stopped early (platform error); null when it finished. */
    lastError: text('last_error'),
    /** A run is wanted (connected, reconnected, boot, due): the pending set the one reconcile job works through (ADR 0027). */
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    /** A paused run (read bucket, Meta throttling) is not taken again before this. */
    notBefore: timestamp('not_before', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_reconciliations_workspace_key').on(t.workspaceId, t.accountId),
    index('account_reconciliations_requested_idx')
      .on(t.requestedAt, t.accountId)
      .where(sql`${t.requestedAt} is not null`),
  ],
);
