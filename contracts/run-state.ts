import { z } from 'zod';
import { platformSchema } from './platforms';
import { contactQuickReplyKinds, replyButton } from './reply-options';

/**
 * What a flow run keeps in `flow_runs` as JSON (ARCHITECTURE.md#flow-runtime): the interpreter's
 * state, the input waiting to be fed to it, and what started the run. The interpreter
 * (workflows/advance.ts) and the driver (workers/flows) take their types from here, and every read
 * of these columns parses them with these schemas. The schemas are plain objects and unions of a
 * few small fields, so parsing a ~100-byte state each turn costs microseconds.
 */

/** One slot a Book a time step offered (workflows/booking-slots.ts OpenSlot). */
export const bookingSlotSchema = z.object({ startsAt: z.string(), endsAt: z.string(), label: z.string() });
export type BookingSlot = z.infer<typeof bookingSlotSchema>;

/** What the driver's `bookingSlots` activity answers: the slots, and whether the channel shows quick replies (not X). */
export const bookingSlotsOutput = z.object({ slots: z.array(bookingSlotSchema), quickReplies: z.boolean(), timeZone: z.string() });

/** What the driver's `bookSlot` activity answers: the booking, or that the time is no longer open. */
export const bookSlotOutput = z.union([
  z.object({
    booked: z.literal(true),
    bookingId: z.string(),
    label: z.string(),
    timeZone: z.string(),
    /** The calendar file's full URL; null when no public URL is configured. */
    icsUrl: z.string().nullable(),
  }),
  z.object({ booked: z.literal(false) }),
]);

/** Side effects that leave the database: carried out by the driver with key `runId:seq`. */
export const activitySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('sendDm'),
    channel: platformSchema,
    text: z.string(),
    quickReplies: z.array(z.string()),
    /** The node's profile-filled quick replies and buttons (contracts/reply-options.ts; absent in states from before). */
    contactQuickReplies: z.array(z.enum(contactQuickReplyKinds)).optional(),
    buttons: z.array(replyButton).optional(),
    /** The node's "Track links": its URLs go out as tracked links (absent in states from before). */
    trackLinks: z.boolean().optional(),
  }),
  z.object({ type: z.literal('publicReply'), text: z.string() }),
  z.object({
    type: z.literal('webhook'),
    method: z.string(),
    url: z.string(),
    headers: z.array(z.object({ key: z.string(), value: z.string() })),
    body: z.string(),
  }),
  /**
   * An aiReply step's answer, made by the `run.ai` job outside the driver (ADR 0012). `threshold`: the
   * node's minimum match score, so no model answer is spent on a question it would not send (absent in
   * steps parked before it was recorded: the model is asked).
   */
  z.object({ type: z.literal('aiAnswer'), question: z.string(), instructions: z.string(), threshold: z.number().optional() }),
  /** An aiReply step's DM: the answer, on the run's own account, through the same ledger as DM nodes. */
  z.object({
    type: z.literal('replyDm'),
    text: z.string(),
    /** An Ask a question step's profile quick replies (Instagram, Messenger only; dropped on X). */
    contactQuickReplies: z.array(z.enum(contactQuickReplyKinds)).optional(),
    /** Quick replies: a Follow gate's "I'm following" (Instagram only), or a Book a time step's slots (Instagram, Messenger; on X the text lists them). */
    quickReplies: z.array(z.string()).optional(),
  }),
  /** A Follow gate's check: Instagram's User Profile API, `is_user_follow_business` (docs/platform-apis.md §2.13). A read: repeating it is harmless. */
  z.object({ type: z.literal('checkFollow') }),
  /**
   * A Book a time step's open slots, read by the driver in the turn's transaction (availability and
   * bookings). `note`: why they are offered again (the pick was taken, or the reply matched none).
   */
  z.object({ type: z.literal('bookingSlots'), limit: z.number().int(), note: z.enum(['taken', 'retry']).optional() }),
  /** A Book a time step's pick, booked by the driver in the turn's transaction (db/bookings/bookings.ts bookSlot). */
  z.object({ type: z.literal('bookSlot'), startsAt: z.string(), endsAt: z.string() }),
]);
export type Activity = z.infer<typeof activitySchema>;

/** The step a run is parked on. */
export const awaitingSchema = z.object({
  seq: z.number().int(),
  nodeId: z.string(),
  on: z.enum(['activity', 'timer', 'reply']),
  activity: activitySchema.optional(),
  /** Ask a question: which ask this is (1 = the question, 2+ = a re-ask after a wrong answer); Follow gate: which send of the button. */
  attempt: z.number().int().optional(),
  /** Book a time: the slots offered, while their DM goes out and the pick is awaited. */
  slots: z.array(bookingSlotSchema).optional(),
});
export type Awaiting = z.infer<typeof awaitingSchema>;

export const runStateSchema = z.object({
  v: z.literal(1),
  /** Steps recorded so far; the next step is `seq + 1`. */
  seq: z.number().int().min(0),
  /** The step the run is parked on, if any. */
  awaiting: awaitingSchema.nullable(),
  /** Completed or failed: every further input is ignored (an operator retry reopens it). */
  done: z.boolean(),
});
export type RunState = z.infer<typeof runStateSchema>;

/** A new run's state (written by db/flows/runs.ts startRun, read by the interpreter). */
export const initialRunState = (): RunState => ({ v: 1, seq: 0, awaiting: null, done: false });

const seq = z.number().int();

/** The interpreter's inputs. */
export const advanceInputSchema = z.union([
  z.object({ type: z.literal('start') }),
  z.object({ type: z.literal('activityResult'), seq, ok: z.literal(true), output: z.unknown() }),
  z.object({ type: z.literal('activityResult'), seq, ok: z.literal(false), error: z.string() }),
  z.object({ type: z.literal('timerFired'), seq }),
  z.object({ type: z.literal('reply'), seq, text: z.string() }),
  z.object({ type: z.literal('replyTimeout'), seq }),
  /** Operator: run `nodeId` again as a new step and go on from there. */
  z.object({ type: z.literal('retryFrom'), nodeId: z.string() }),
]);
export type AdvanceInput = z.infer<typeof advanceInputSchema>;

/**
 * `flow_runs.pending_input`: an interpreter input, or one of the driver's own (re-run the awaited
 * activity after a retry timer, or once its rate-limit slot has come).
 */
export const pendingInputSchema = z.union([
  advanceInputSchema,
  z.object({ type: z.literal('retryActivity'), seq }),
  z.object({ type: z.literal('sendSlot'), seq }),
]);
export type PendingInput = z.infer<typeof pendingInputSchema>;

/** What a due `run_timers` row brings its run (db/flows/pump-due-timers.ts → the `runs.resume` job). */
export const timerInputSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('timerFired'), seq }),
  z.object({ type: z.literal('replyTimeout'), seq }),
  z.object({ type: z.literal('sendSlot'), seq }),
  z.object({ type: z.literal('retryActivity'), seq }),
]);
export type TimerInput = z.infer<typeof timerInputSchema>;

/** `flow_runs.trigger`: what started a run, kept for the Runs view, templates and comment replies. */
export const runTriggerSchema = z.object({
  /** `api`: started for a contact by an API key (POST /api/v1/flows/:id/runs or the MCP server). */
  type: z.enum(['keyword_dm', 'comment', 'story_reply', 'story_mention', 'postback', 'referral', 'test', 'replay', 'api']),
  text: z.string().nullable(),
  /** postback runs: the tapped item's payload; referral runs: the link's ref. */
  payload: z.string().nullish(),
  ref: z.string().nullish(),
  keyword: z.string().nullish(),
  messageId: z.string().nullish(),
  commentId: z.string().nullish(),
  postId: z.string().nullish(),
  replayOf: z.string().nullish(),
});
export type RunTrigger = z.infer<typeof runTriggerSchema>;

/**
 * Parses one stored JSON column of a run. An old or corrupt value becomes one line that names the
 * run, the column and the first problem, instead of zod's multi-line dump.
 */
export function parseRunColumn<S extends z.ZodType>(schema: S, value: unknown, runId: string, column: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new StoredRunError(runId, column, parsed.error);
}

export class StoredRunError extends Error {
  constructor(
    readonly runId: string,
    readonly column: string,
    cause: z.ZodError,
  ) {
    const first = cause.issues[0];
    const where = first && first.path.length > 0 ? ` at ${first.path.join('.')}` : '';
    super(`run ${runId}: stored ${column} is not readable${where}: ${first?.message ?? 'invalid'}`);
    this.name = 'StoredRunError';
  }
}
