import { sql } from 'drizzle-orm';
import { index, json, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** connect-pg-simple's table (its table.sql), owned by our migrations so boot never runs DDL. */
export const userSessions = pgTable(
  'user_sessions',
  {
    sid: varchar('sid').primaryKey(),
    sess: json('sess').notNull(),
    expire: timestamp('expire', { precision: 6 }).notNull(),
  },
  (t) => [
    index('user_sessions_expire_idx').on(t.expire),
    // "End all sessions of this user" (password change/reset, account deletion): passport keeps
    // the user id at sess.passport.user.
    index('user_sessions_user_idx').on(sql`(${t.sess} -> 'passport' ->> 'user')`),
  ],
);
