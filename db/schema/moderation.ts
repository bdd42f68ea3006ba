import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, workspaceIdColumn } from './columns';
import { accountIdColumn } from './social-accounts';

/**
 * A comment the account's moderation settings caught (ADR 0052), and what became of its Graph API
 * call. One row per comment (the unique key is the idempotency key: a redelivered webhook finds it
 * and queues nothing); the `comments.moderate` job carries the call out and records its outcome.
 */
export const commentModerations = pgTable(
  'comment_moderations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    accountId: accountIdColumn(),
    /** The platform's comment id. */
    platformCommentId: text('platform_comment_id').notNull(),
    text: text('text').notNull(),
    author: text('author').notNull(),
    action: text('action', { enum: ['hide', 'delete'] }).notNull(),
    /** In words, for the activity feed and the settings panel ("it contains a link"). */
    reason: text('reason').notNull(),
    status: text('status', { enum: ['queued', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAtColumn(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('comment_moderations_account_comment_key').on(t.accountId, t.platformCommentId),
    uniqueIndex('comment_moderations_workspace_key').on(t.workspaceId, t.id),
    index('comment_moderations_account_recent_idx').on(t.accountId, t.createdAt),
  ],
);
