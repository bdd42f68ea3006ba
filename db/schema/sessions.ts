import { index, json, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** connect-pg-simple's table (its table.sql), owned by our migrations so boot never runs DDL. */
export const userSessions = pgTable(
  'user_sessions',
  {
    sid: varchar('sid').primaryKey(),
    sess: json('sess').notNull(),
    expire: timestamp('expire', { precision: 6 }).notNull(),
  },
  (t) => [index('user_sessions_expire_idx').on(t.expire)],
);
