import { boolean, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { workspaceIdColumn } from './columns';
import { accountIdColumn } from './social-accounts';

/**
 * What the sandbox "platform" says about a simulated person that Instagram's User Profile API would
 * (docs/platform-apis.md §2.13): whether they follow the sandbox account. Set from the Simulator; no
 * row = not following. Read by a Follow gate's check on a sandbox run.
 */
export const sandboxFollows = pgTable(
  'sandbox_follows',
  {
    workspaceId: workspaceIdColumn(),
    accountId: accountIdColumn(),
    externalUserId: text('external_user_id').notNull(),
    follows: boolean('follows').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.externalUserId] }),
    uniqueIndex('sandbox_follows_workspace_key').on(t.workspaceId, t.accountId, t.externalUserId),
  ],
);
