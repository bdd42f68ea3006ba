import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, workspaceIdColumn } from './columns';
import { flowRuns } from './flows';
import { contacts } from './inbox';
import { accountIdColumn } from './social-accounts';

/** A workspace's weekly availability for bookings (contracts/bookings.ts availabilitySchema); no row: the default. */
export const bookingAvailability = pgTable('booking_availability', {
  workspaceId: workspaceIdColumn().primaryKey(),
  availability: jsonb('availability').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A time a contact booked through a Book a time flow step. Two bookings of one workspace never
 * overlap while booked: an exclusion constraint on `tstzrange(starts_at, ends_at)` (btree_gist, in
 * the migration), so the second of two people racing for a slot gets nothing inserted and is offered
 * slots again. `(run_id, step_seq)` makes a redone booking step find the booking it already made.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    accountId: accountIdColumn(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    runId: uuid('run_id').references(() => flowRuns.id, { onDelete: 'set null' }),
    stepSeq: integer('step_seq'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The availability's zone when booked: how the times read to the contact. */
    timeZone: text('time_zone').notNull(),
    status: text('status', { enum: ['booked', 'cancelled'] })
      .notNull()
      .default('booked'),
    cancelledBy: text('cancelled_by', { enum: ['contact', 'member'] }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The calendar file's unguessable name (GET /api/public/bookings/<token>.ics). */
    token: text('token').notNull(),
    /** When the reminder is due; null: no reminder. */
    remindAt: timestamp('remind_at', { withTimezone: true }),
    reminderStatus: text('reminder_status', { enum: ['none', 'pending', 'sent', 'skipped'] })
      .notNull()
      .default('none'),
    /** Why a reminder was skipped ("outside the 24-hour messaging window"). */
    reminderNote: text('reminder_note'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('bookings_workspace_key').on(t.workspaceId, t.id),
    uniqueIndex('bookings_token_key').on(t.token),
    uniqueIndex('bookings_run_step_key').on(t.runId, t.stepSeq),
    // The Bookings page (upcoming / past) and the open-slot read.
    index('bookings_workspace_starts_idx').on(t.workspaceId, t.startsAt),
    index('bookings_contact_id_idx').on(t.contactId, t.startsAt),
    index('bookings_account_id_idx').on(t.accountId),
    // The reminder job's claim: only the reminders still to send.
    index('bookings_remind_due_idx')
      .on(t.remindAt)
      .where(sql`${t.reminderStatus} = 'pending'`),
  ],
);
