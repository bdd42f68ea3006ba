import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, workspaceIdColumn } from './columns';

/** docs/product-spec.md §2 Comment Growth rules. */
export const commentRules = pgTable(
  'comment_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    platform: text('platform', { enum: ['instagram', 'facebook'] }).notNull(),
    keywords: text('keywords').array().notNull(),
    responseTemplate: text('response_template').notNull(),
    publicReplyTemplate: text('public_reply_template'),
    isActive: boolean('is_active').notNull().default(true),
    automationType: text('automation_type', { enum: ['all_posts', 'specific_post'] })
      .notNull()
      .default('all_posts'),
    postUrl: text('post_url'),
    postId: text('post_id'),
    /** Wrap the reply's http(s) URLs as tracked links (PUBLIC_URL/l/<code>); rules made before this are off. */
    trackLinks: boolean('track_links').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [index('comment_rules_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/** What the automation did, in words (spec: intent; feeds /api/automation/activity). */
export const automationActivity = pgTable(
  'automation_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    action: text('action').notNull(),
    message: text('message').notNull(),
    intent: text('intent').notNull().default('general'),
    /**
     * The outbound ledger key of the send this line is about (a rule's private reply), so the feed
     * shows that send's status as it is now (queued, sent, failed) instead of what it was when written.
     */
    ledgerKey: text('ledger_key'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('automation_activity_workspace_idx').on(t.workspaceId, t.createdAt.desc())],
);
