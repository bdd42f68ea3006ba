import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, workspaceIdColumn } from './columns';

/**
 * Saved replies (canned responses) of a workspace: a short name the inbox's `/` picker filters on,
 * and the text it inserts into the reply box. Names are unique per workspace, case-insensitively,
 * so `/price` always means one reply.
 */
export const savedReplies = pgTable(
  'saved_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Also the list's index: every read is one workspace's replies by name.
    uniqueIndex('saved_replies_workspace_name_key').on(t.workspaceId, sql`lower(${t.name})`),
    // The tenant key in a key over plain columns (db/schema/tenant-keys.int.test.ts).
    uniqueIndex('saved_replies_workspace_key').on(t.workspaceId, t.id),
  ],
);
