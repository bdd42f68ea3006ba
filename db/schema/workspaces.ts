import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The tenant. Every tenant row elsewhere carries workspace_id (ARCHITECTURE.md#security). */
export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
