import { z } from 'zod';
import { timerInputSchema } from './run-state';

/**
 * Every Graphile Worker job (ARCHITECTURE.md#processes): its task name, its payload schema and how
 * it is queued. Producers — TypeScript `addJob` calls and the `graphile_worker.add_job(s)` SQL in
 * db/ (db/jobs/job-spec.ts) — and consumers (workers/jobs/*.job.ts, which parse with `payload`)
 * all read it from here, so a task name or key is spelled once. `workers/worker.ts` registers
 * exactly these tasks (catalogue.test.ts). Job keys: one pending job per key, a new one replaces it.
 */
export interface JobDefinition<P extends z.ZodType> {
  payload: P;
  /** Graphile's max_attempts. */
  maxAttempts: number;
  /** Lower runs first; null is Graphile's default (0). */
  priority: number | null;
  /** The prefix of the job key (`<prefix><id>`), when the job has one. */
  keyPrefix: string | null;
  /** Started by the crontab, never queued by our code. */
  cron?: true;
  /**
   * An old name of this task, kept so jobs queued under it before an upgrade still run: never queued
   * by our code any more; the worker runs it as the named task.
   */
  aliasOf?: string;
}

const define = <P extends z.ZodType>(d: JobDefinition<P>) => d;

export const jobs = {
  /**
   * Stored inbound events → our tables and their triggers (ADR 0020). `{shard}`: the shard's
   * unprocessed events, claimed in batches; one pending job per shard (its key) and one running
   * per shard across the fleet (its queue, `inbound:<shard>`). `{eventId}`: that one event (jobs
   * queued before batches; the id is a bigint, it may come as a string).
   */
  'inbound.process': define({
    payload: z.union([z.object({ shard: z.number().int().min(0).max(32767) }), z.object({ eventId: z.union([z.string(), z.number()]).transform(String) })]),
    maxAttempts: 25,
    priority: null,
    keyPrefix: 'inbound:',
  }),
  /**
   * Sends, at most once each, handed to the send pump (activities/sends/at-most-once.ts). `{ledgerId}`:
   * one row (an inbox reply, a broadcast's, a rule reply with a tracked link), keyed `send:<id>` so a
   * row has one pending job, re-added at its retry time. `{ledgerIds}`: the private replies an inbound
   * batch queued for the same second (ADR 0022), claimed in one statement; keyless, at
   * SENDS_DUE_TOGETHER_PRIORITY; rows not due yet or in flight elsewhere are re-added in a job for their time.
   */
  'outbound.send': define({
    payload: z.union([z.object({ ledgerId: z.uuid() }), z.object({ ledgerIds: z.array(z.uuid()).min(1).max(1000) })]),
    maxAttempts: 20,
    priority: null,
    keyPrefix: 'send:',
  }),
  /**
   * The name `outbound.send {ledgerIds}` jobs had before the two send jobs became one: jobs queued
   * under it by an older version (a backstop, a paced reply) still run after an upgrade. A thin alias
   * instead of a migration that renames queued jobs: a migration would write Graphile's private job
   * table before Graphile's own schema may exist, and could not catch the jobs an older worker still
   * running during a rolling upgrade adds after it ran.
   */
  'outbound.sends': define({
    payload: z.object({ ledgerIds: z.array(z.uuid()).min(1).max(1000) }),
    maxAttempts: 20,
    priority: -1,
    keyPrefix: null,
    aliasOf: 'outbound.send',
  }),
  /**
   * An uncertain send checked with the platform (F23, activities/sends/verify-delivery.ts): queued in
   * the transaction that fails the row as uncertain; reads the conversation back and marks the row
   * `sent` if the message is there. Never sends. One pending check per row (its key); below sends.
   */
  'outbound.verify': define({ payload: z.object({ ledgerId: z.uuid() }), maxAttempts: 8, priority: 10, keyPrefix: 'verify:' }),
  /**
   * Drive one flow run; its input is on the run row (ADR 0007). Queued at 0, or behind the other
   * workspaces' steps when its workspace has a backlog of runnable runs (db/flows/runs.ts, ADR 0013).
   */
  'run.advance': define({ payload: z.object({ runId: z.uuid() }), maxAttempts: 25, priority: null, keyPrefix: 'run:' }),
  /**
   * Runs whose timers fell due together, resumed in one transaction. `inputs[i]` is what `runIds[i]`'s
   * timer brings (ADR 0055: the input rides in the job, the run row is written once, at the resume);
   * jobs queued before that have no `inputs` and the inputs are on the rows.
   */
  'runs.resume': define({
    payload: z
      .object({ runIds: z.array(z.uuid()).min(1).max(1000), inputs: z.array(timerInputSchema).optional() })
      .refine((p) => p.inputs === undefined || p.inputs.length === p.runIds.length, { message: 'one input per run', path: ['inputs'] }),
    maxAttempts: 25,
    priority: null,
    keyPrefix: null,
  }),
  /**
   * A flow step's webhook call (ADR 0009): one queue per workspace, flagged so a worker with its
   * webhook slots full fetches none; after inbound events, sends and run steps (0), before account
   * checks (10), so a backlog of one tenant's calls sorts behind the core work.
   */
  'run.webhook': define({
    payload: z.object({ runId: z.uuid(), seq: z.number().int().min(1), workspaceId: z.uuid() }),
    maxAttempts: 25,
    priority: 5,
    keyPrefix: 'webhook:',
  }),
  /**
   * An AI reply step's model call (ADR 0012): the same machinery as `run.webhook` — a queue per
   * workspace (`ai:<workspace>`), the same flag and so the same half of the slots, a deadline and
   * the shutdown hand-back.
   */
  'run.ai': define({
    payload: z.object({ runId: z.uuid(), seq: z.number().int().min(1), workspaceId: z.uuid() }),
    maxAttempts: 25,
    priority: 5,
    keyPrefix: 'ai:',
  }),
  /**
   * A broadcast's dispatcher (ARCHITECTURE.md#broadcasts): queues its recipients through the outbox a
   * little ahead of their rate-limit slots, then re-adds itself for the next slice. One per broadcast
   * (its key); after inbound events and sends (priority 1), so a broadcast never delays a reply.
   */
  'broadcast.dispatch': define({ payload: z.object({ broadcastId: z.uuid() }), maxAttempts: 25, priority: 1, keyPrefix: 'broadcast:' }),
  /**
   * One sequence enrolment's due steps (ADR 0048, db/sequences/advance-enrollment.ts): sent through
   * the outbox or skipped with the reason, in one transaction; then re-added for the next step's
   * time. One pending job per enrolment (its key); beside broadcasts, after inbound events and sends.
   */
  'sequence.step': define({ payload: z.object({ enrollmentId: z.uuid() }), maxAttempts: 25, priority: 1, keyPrefix: 'sequence:' }),
  /**
   * One moderated comment hidden or deleted through the Graph API (ADR 0052), queued in the inbound
   * batch that caught it; one pending job per moderation (its key); a failed call retries with backoff.
   */
  'comments.moderate': define({ payload: z.object({ moderationId: z.uuid() }), maxAttempts: 6, priority: 5, keyPrefix: 'moderate:' }),
  /** One account's token check; below sends and flow steps so a fleet of checks never delays a DM. */
  'account.health': define({ payload: z.object({ accountId: z.uuid() }), maxAttempts: 3, priority: 10, keyPrefix: 'account-health:' }),
  /**
   * Missed-webhook reconciliation (ADR 0014, 0027): the ONE job (key `reconcile:next`, queue
   * `reconcile:all`) that works through the accounts requested in `account_reconciliations`, reading
   * the comments and DMs written since each one's cursor back from the Graph API into the inbound
   * pipeline; one at a time across the fleet, so its paced reads hold at most one worker slot; below
   * sends and flow steps, like account checks. `accountId`: a job queued before migration 0032.
   */
  'account.reconcile': define({ payload: z.object({ accountId: z.uuid().optional() }), maxAttempts: 5, priority: 10, keyPrefix: 'reconcile:' }),
  /**
   * After an account deletion, queued in its transaction: the deleted workspace's Facebook Pages
   * unsubscribed from our webhooks and its X tokens revoked. The rows are gone, so the payload
   * carries their encrypted tokens. Each call is idempotent; a failed one retries the job (backoff).
   */
  'accounts.release': define({
    payload: z.object({
      accounts: z
        .array(
          z.object({
            platform: z.enum(['facebook', 'twitter']),
            externalId: z.string().min(1),
            name: z.string(),
            tokenEnc: z.string().min(1),
            /** X: which token is revoked (the refresh token ends the whole grant). */
            tokenKind: z.enum(['access_token', 'refresh_token']),
          }),
        )
        .min(1)
        .max(1000),
    }),
    maxAttempts: 8,
    priority: 10,
    keyPrefix: null,
  }),
  /**
   * A password-reset mail (POST /api/auth/forgot-password), queued in the request before it is
   * answered, so an accepted request is mailed even if the process dies right after. The worker
   * looks the account up (no account, or a demo one: nothing is sent), makes the link and mails it.
   */
  'mail.reset': define({
    payload: z.object({ email: z.string().min(1).max(320), origin: z.url() }),
    maxAttempts: 6,
    priority: null,
    keyPrefix: null,
  }),
  /**
   * An invitation to a workspace (POST /api/team/invitations, or a resend), queued in the request's
   * transaction. The worker makes the link's token (its hash replaces the previous one) and mails
   * it; an invitation revoked, accepted or expired meanwhile is not sent.
   */
  /**
   * A contact import (ADR 0044): its chunks written one transaction each, the cursor committed with
   * the chunk, so a retry after a crash resumes at the first uncommitted chunk. One per import (its key).
   */
  'contacts.import': define({ payload: z.object({ importId: z.uuid() }), maxAttempts: 25, priority: 5, keyPrefix: 'import:' }),
  'mail.invite': define({
    payload: z.object({ invitationId: z.uuid(), origin: z.url() }),
    maxAttempts: 6,
    priority: null,
    keyPrefix: null,
  }),
  /**
   * Event webhooks out (docs/api-webhooks.md): claims due deliveries in set-based batches (`for update
   * skip locked`), posts them concurrently, records the outcomes in one statement per batch, then
   * re-adds itself for the next due retry. One pending job (its key); queued in the transaction that
   * made the events; after inbound events and sends.
   */
  'events.deliver': define({ payload: z.object({}).passthrough(), maxAttempts: 25, priority: 2, keyPrefix: 'events:' }),
  /** Crontab backstop: the same delivery loop each minute, for deliveries whose worker died mid-call (their lease ran out). */
  'events:sweep': define({ payload: z.unknown(), maxAttempts: 5, priority: null, keyPrefix: null, cron: true }),
  /**
   * Web Push to members' devices (ADR 0045, contracts/push.ts): `assigned` (conversations given to a
   * member by someone else, queued with the assignment), `mention` (a note's mentioned members,
   * queued with the note), `messages` (inbound DMs stored in conversations with an assignee: one job
   * per inbound batch that has any, queued in the batch). Who and what is read when it runs; a
   * notification is a nudge, so a push service that fails is logged, not retried (404/410 deletes
   * the subscription). After the core work, before account checks.
   */
  'push.notify': define({
    payload: z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('assigned'),
        workspaceId: z.uuid(),
        conversationIds: z.array(z.uuid()).min(1).max(1000),
        assigneeId: z.uuid(),
        byUserId: z.uuid(),
      }),
      z.object({ kind: z.literal('mention'), workspaceId: z.uuid(), noteId: z.uuid(), userIds: z.array(z.uuid()).min(1).max(1000) }),
      z.object({ kind: z.literal('messages'), messageIds: z.array(z.uuid()).min(1).max(10000) }),
    ]),
    maxAttempts: 3,
    priority: 5,
    keyPrefix: null,
  }),
  /**
   * A failed subscription payment (Stripe's invoice.payment_failed, ADR 0046), queued in the
   * webhook event's transaction: the worker mails the workspace's owners a link to Billing.
   */
  'mail.payment': define({
    payload: z.object({ workspaceId: z.uuid(), invoiceId: z.string().min(1).max(255), origin: z.url() }),
    maxAttempts: 6,
    priority: null,
    keyPrefix: null,
  }),
  /** Crontab: queues the reconciliations that have come due (RECONCILE_EVERY_MINUTES). */
  'accounts:reconcile': define({ payload: z.unknown(), maxAttempts: 25, priority: null, keyPrefix: null, cron: true }),
  /** Crontab: queues the account checks that have come due. */
  'accounts:health': define({ payload: z.unknown(), maxAttempts: 25, priority: null, keyPrefix: null, cron: true }),
  /** Fails `sending` rows whose lease ran out (their process died mid-call) as uncertain, never resent (ADR 0021). */
  'outbound:sweep': define({ payload: z.unknown(), maxAttempts: 5, priority: null, keyPrefix: null, cron: true }),
  /**
   * Wakes the batch job of every shard with an event left unprocessed for 30 s (ADR 0020): an event
   * whose ingest met its shard's job just as a worker locked it has no job of its own.
   */
  'inbound:sweep': define({ payload: z.unknown(), maxAttempts: 5, priority: null, keyPrefix: null, cron: true }),
  /** Crontab: ends the trials whose time is up (TRIAL_DAYS): back to the free plan, with a notice (ADR 0041). */
  'plans:end-trials': define({ payload: z.unknown(), maxAttempts: 25, priority: null, keyPrefix: null, cron: true }),
  /** Crontab: booking reminders that have come due: sent inside the 24-hour window, else skipped with the reason. */
  'bookings:remind': define({ payload: z.unknown(), maxAttempts: 25, priority: null, keyPrefix: null, cron: true }),
  /** Crontab: housekeeping (sessions, rate-limit windows, demo workspaces, old events). */
  'maintenance:prune': define({ payload: z.unknown(), maxAttempts: 25, priority: null, keyPrefix: null, cron: true }),
} as const;

export type TaskName = keyof typeof jobs;
export type JobPayload<T extends TaskName> = z.input<(typeof jobs)[T]['payload']>;

/** A job's key for the id it is about (`run:<runId>`). */
export function jobKey(task: TaskName, id: string): string {
  const prefix = jobs[task].keyPrefix;
  if (prefix === null) throw new Error(`job ${task} has no key`);
  return prefix + id;
}

/**
 * The priority of `outbound.send {ledgerIds}` jobs (ADR 0022): ahead of inbound events (0), so a reply
 * that is due does not wait behind the inbound backlog; sends are what inbound work produces, so they
 * cannot starve it.
 */
export const SENDS_DUE_TOGETHER_PRIORITY = -1;
/** Flag of webhook calls: the worker forbids it while its webhook slots are full (ADR 0009). */
export const WEBHOOK_FLAG = 'webhook';
/** Lanes (Graphile queues) per workspace for flow webhook and AI calls unless FLOW_WEBHOOK_LANES says otherwise (ADR 0009, 2026-11 amendment). */
export const DEFAULT_WEBHOOK_LANES = 4;
/**
 * A run's lane among its workspace's `lanes`: fixed by the run id, so all of one run's calls go
 * through one queue, in order; different runs spread over the lanes (run ids are random uuids).
 */
export function laneOf(runId: string, lanes: number): number {
  return Number.parseInt(runId.replace(/-/g, '').slice(-8), 16) % Math.max(1, lanes);
}
/**
 * `lanes` Graphile queues per workspace (`webhook:<workspace>:<lane>`): at most `lanes` webhook calls
 * of a workspace in flight across the fleet, one per lane, and one run's calls in one lane.
 */
export const webhookQueueName = (workspaceId: string, runId: string, lanes: number) => `webhook:${workspaceId}:${laneOf(runId, lanes)}`;
/** The same lanes for AI reply calls (`ai:<workspace>:<lane>`): a tenant's slow answers queue behind its own only. */
export const aiQueueName = (workspaceId: string, runId: string, lanes: number) => `ai:${workspaceId}:${laneOf(runId, lanes)}`;
