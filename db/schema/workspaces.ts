import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The tenant. Every tenant row elsewhere carries workspace_id (ARCHITECTURE.md#security). */
export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /**
   * The IANA zone a "day" of this workspace is in (docs/product-spec.md, Glossary): the analytics
   * rollups stamp each event with its calendar day here (migration 0033) and "today" starts at its
   * midnight. Set from the browser at registration, changed in Settings.
   */
  timeZone: text('time_zone').notNull().default('UTC'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
