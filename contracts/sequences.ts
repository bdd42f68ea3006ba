import { z } from 'zod';
import { dmConfig } from './flows/nodes/dm';
import { duration, durationMs, maxDelayMs, tagName } from './flows/nodes/shared';
import { MESSAGING_WINDOW_HOURS } from './platform-windows';

/**
 * Sequences (ADR 0048): messages at offsets from a contact's enrolment, sent through the outbound
 * ledger like every other send. A step's message is a DM node's content (text, quick replies,
 * buttons); its offset counts from the enrolment, not from the previous step.
 */
export const sequenceStepSchema = z.object({
  /** Stable across edits: the enrolment's per-step record names it. */
  id: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, 'Step ids use letters, digits, - and _'),
  offset: duration.refine((d) => durationMs(d) <= maxDelayMs, 'Offsets are limited to 365 days'),
  message: dmConfig.omit({ trackLinks: true }),
});
export type SequenceStep = z.infer<typeof sequenceStepSchema>;

export const MAX_SEQUENCE_STEPS = 20;

const steps = z
  .array(sequenceStepSchema)
  .min(1, 'A sequence needs at least one step')
  .max(MAX_SEQUENCE_STEPS, `At most ${MAX_SEQUENCE_STEPS} steps`)
  .refine((s) => new Set(s.map((x) => x.id)).size === s.length, 'Step ids must be unique')
  .refine(
    (s) => s.every((x, i) => i === 0 || durationMs(x.offset) >= durationMs(s[i - 1]!.offset)),
    'Steps are in order: each offset is at least the one before it',
  );

const name = z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Names are limited to 100 characters');

/** POST /api/sequences */
export const createSequenceBodySchema = z.object({
  name,
  /** Only this account's contacts may be enrolled; null: any account of the workspace (each contact's own). */
  accountId: z.uuid().nullable().default(null),
  steps,
  /** A message from the contact after enrolment ends their sequence (default on). */
  stopOnReply: z.boolean().default(true),
  /** Enrol a contact when this tag is added to them; null: never by tag. */
  enrollTag: tagName.nullable().default(null),
  isActive: z.boolean().default(true),
});
export type CreateSequenceBody = z.input<typeof createSequenceBodySchema>;

/** PATCH /api/sequences/:id: the fields present. */
export const updateSequenceBodySchema = z
  .object({
    name: name.optional(),
    accountId: z.uuid().nullable().optional(),
    steps: steps.optional(),
    stopOnReply: z.boolean().optional(),
    enrollTag: tagName.nullable().optional(),
    isActive: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update' });
export type UpdateSequenceBody = z.input<typeof updateSequenceBodySchema>;

/** POST /api/sequences/:id/enrollments */
export const enrollBodySchema = z.object({ contactId: z.uuid({ error: 'contactId must be a contact id' }) });

export interface Sequence {
  id: string;
  name: string;
  accountId: string | null;
  steps: SequenceStep[];
  stopOnReply: boolean;
  enrollTag: string | null;
  isActive: boolean;
  /** Enrolments by status, counted from the enrolment rows. */
  counts: { active: number; completed: number; stopped: number; total: number };
  createdAt: string;
  updatedAt: string;
}

export const enrollmentStatuses = ['active', 'completed', 'stopped'] as const;
export type EnrollmentStatus = (typeof enrollmentStatuses)[number];

/** Why an enrolment stopped before its last step. */
export const STOP_REASONS = {
  replied: 'The contact replied (the sequence stops on a reply)',
  optedOut: 'The contact opted out (replied STOP)',
  unenrolled: 'Unenrolled',
} as const;

/** Why a due step was not sent (recorded on the step; the next step still runs when it is due). */
export const STEP_SKIP_REASONS = {
  window: `Outside Meta's ${MESSAGING_WINDOW_HOURS}-hour messaging window, and no message tag applies to an automated sequence`,
  never: `The contact has never messaged this account: Meta lets a business write only within ${MESSAGING_WINDOW_HOURS} hours of the contact's last message`,
  paused: 'Paused: a teammate was handling this conversation',
  account: 'The account is turned off or needs reconnecting',
} as const;

export interface EnrollmentStep {
  stepId: string;
  /** When it is (or was) due: enrolment + offset. */
  dueAt: string;
  /**
   * pending: not due yet (or due and about to be sent); sent: queued through the ledger (its
   * delivery in `delivery`); skipped: due but not sendable (`reason`); not_reached: the enrolment
   * ended before it.
   */
  status: 'pending' | 'sent' | 'skipped' | 'not_reached';
  reason: string | null;
  /** The ledger row's status once sent: queued, sending, sent, failed… */
  delivery: string | null;
  at: string | null;
}

export interface Enrollment {
  id: string;
  contactId: string;
  contactName: string;
  status: EnrollmentStatus;
  stopReason: string | null;
  enrolledAt: string;
  finishedAt: string | null;
  /** How it was enrolled: api, flow, tag. */
  source: string;
  steps: EnrollmentStep[];
}

/** GET /api/sequences/contacts/:contactId: one contact's enrolments (the inbox's contact panel). */
export interface ContactEnrollment {
  sequenceId: string;
  name: string;
  status: EnrollmentStatus;
  stopReason: string | null;
  enrolledAt: string;
}

/** Per step: how many enrolments reached it and what became of it (the drop-off). */
export interface SequenceFunnelStep {
  stepId: string;
  sent: number;
  skipped: number;
  pending: number;
  /** Enrolments that stopped or ended before this step. */
  dropped: number;
}

export interface SequenceFunnel {
  enrolled: number;
  steps: SequenceFunnelStep[];
}
