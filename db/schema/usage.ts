import { integer, date, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The monthly message count of a workspace owner (AI answers and automated DMs, docs/product-spec.md §6),
 * per UTC month. `shard`: each writer adds to one of 16 rows of its (user, month), chosen by its
 * database connection (`pg_backend_pid() % 16`, as the analytics rollups, ADR 0015), so concurrent
 * sends of one workspace do not queue on one row lock, and the owner's `users` row (whose changes
 * evict cached sessions, ADR 0016) is never written by a send. Every read sums the month's shards
 * (db/usage/record-usage.ts, ADR 0019).
 */
export const usageCounts = pgTable(
  'usage_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** First day of the UTC month. */
    month: date('month').notNull(),
    shard: smallint('shard').notNull(),
    messages: integer('messages').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month, t.shard] })],
);
