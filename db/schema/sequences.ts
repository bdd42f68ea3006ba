import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, workspaceIdColumn } from './columns';
import { contacts } from './inbox';
import { socialAccounts } from './social-accounts';

/**
 * Sequences (ADR 0048, contracts/sequences.ts): messages at offsets from a contact's enrolment.
 * `steps` is the ordered list of {id, offset, message}; an enrolment's record names steps by id.
 */
export const sequences = pgTable(
  'sequences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    name: text('name').notNull(),
    /** Only this account's contacts; null: any account of the workspace (each contact's own). */
    accountId: uuid('account_id').references(() => socialAccounts.id, { onDelete: 'cascade' }),
    steps: jsonb('steps').notNull(),
    stopOnReply: boolean('stop_on_reply').notNull().default(true),
    /** Enrol a contact when this tag is added to them (the contacts trigger of the migration). */
    enrollTag: text('enroll_tag'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sequences_workspace_key').on(t.workspaceId, t.id),
    index('sequences_account_id_idx').on(t.accountId),
    index('sequences_enroll_tag_idx')
      .on(t.workspaceId, t.enrollTag)
      .where(sql`enroll_tag is not null`),
  ],
);

/**
 * One contact's trip through one sequence. `next_due_at` is when its next step falls due (null once
 * finished); the `sequence.step` job keyed by the enrolment runs then (db/sequences/advance-enrollment.ts).
 * One active enrolment per sequence and contact: enrolling twice is a no-op.
 */
export const sequenceEnrollments = pgTable(
  'sequence_enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    sequenceId: uuid('sequence_id')
      .notNull()
      .references(() => sequences.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('active'),
    stopReason: text('stop_reason'),
    /** api, flow, tag. */
    source: text('source').notNull(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    nextDueAt: timestamp('next_due_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sequence_enrollments_workspace_key').on(t.workspaceId, t.sequenceId, t.enrolledAt.desc().nullsFirst(), t.id),
    check('sequence_enrollments_status_check', sql`${t.status} in ('active', 'completed', 'stopped')`),
    uniqueIndex('sequence_enrollments_one_active')
      .on(t.sequenceId, t.contactId)
      .where(sql`status = 'active'`),
    index('sequence_enrollments_sequence_idx').on(t.sequenceId, t.enrolledAt.desc().nullsFirst()),
    index('sequence_enrollments_contact_id_idx').on(t.contactId),
  ],
);

/** What became of each due step of an enrolment: sent (its ledger row) or skipped with the reason. Unique per step. */
export const sequenceStepRecords = pgTable(
  'sequence_step_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    enrollmentId: uuid('enrollment_id')
      .notNull()
      .references(() => sequenceEnrollments.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    /** No foreign key, like broadcast_recipients.ledger_id: pruning the ledger stays a plain delete. */
    ledgerId: uuid('ledger_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('sequence_step_records_workspace_key').on(t.workspaceId, t.enrollmentId, t.stepId),
    uniqueIndex('sequence_step_records_enrollment_step_key').on(t.enrollmentId, t.stepId),
    check('sequence_step_records_status_check', sql`${t.status} in ('sent', 'skipped')`),
    index('sequence_step_records_ledger_idx').on(t.ledgerId),
  ],
);
