import { bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { FAILURE_REASONS } from '../../contracts/failed-sends';
import { sql } from 'drizzle-orm';
import { createdAtColumn, workspaceIdColumn } from './columns';
import { accountIdColumn } from './social-accounts';
import { workspaces } from './workspaces';

/**
 * Every accepted webhook entry / simulator event, raw, committed before the ack
 * (ARCHITECTURE.md#inbound-pipeline). Unique on (provider, event_key): a platform retry is a no-op.
 */
export const inboundEvents = pgTable(
  'inbound_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider', { enum: ['meta', 'x', 'sandbox'] }).notNull(),
    eventKey: text('event_key').notNull(),
    /** Known for sandbox events at ingest; resolved from the account for platform events. */
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** Why processing failed (malformed payload, unknown account…): kept visible, never blocks others. */
    error: text('error'),
    /**
     * Which `inbound.process` batch job takes the event (db/inbound/ingest-events.ts, ADR 0020): a
     * hash of the account its payload names, so one account's events go through one job at a time.
     */
    shard: smallint('shard').notNull().default(0),
  },
  (t) => [
    uniqueIndex('inbound_events_provider_key').on(t.provider, t.eventKey),
    uniqueIndex('inbound_events_workspace_key').on(t.workspaceId, t.receivedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // What a batch job claims: its shard's unprocessed events, oldest first.
    index('inbound_events_pending_idx')
      .on(t.shard, t.id)
      .where(sql`processed_at is null`),
  ],
);

/**
 * Every send we intend to make, keyed so it can happen at most once: a comment's private reply
 * by `private_reply:<account>:<comment>`, a flow step by `<runId>:<stepId>` (ARCHITECTURE.md#flow-runtime and ARCHITECTURE.md#inbound-pipeline).
 */
export const outboundLedger = pgTable(
  'outbound_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    accountId: accountIdColumn(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind', { enum: ['dm', 'private_reply', 'public_reply'] }).notNull(),
    /** Recipient: the contact's platform id (dm) or the comment id (replies). */
    target: text('target').notNull(),
    text: text('text').notNull(),
    /** Quick replies and buttons sent with the text (contracts/reply-options.ts); null for plain text. */
    replyOptions: jsonb('reply_options'),
    messageId: uuid('message_id'),
    ruleId: uuid('rule_id'),
    /**
     * `sending`: committed before a platform call leaves (activities/send-outbound.activity.ts). A
     * row found `sending` by a later attempt is never resent: it may have been delivered (ADR 0006).
     */
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    /** When the rate limiter lets it go; shown to the user as the ETA. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    platformMessageId: text('platform_message_id'),
    createdAt: createdAtColumn(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Why a `failed` row failed, as a class (integrations/failure-reason.ts); `error` keeps the platform's words. */
    failureReason: text('failure_reason', {
      enum: [...FAILURE_REASONS],
    }),
    /** Set on a retry: the failed row it retries. The original stays as it was, so the ledger shows every attempt. */
    retryOf: uuid('retry_of'),
    /** Failed sends view (api/features/failed-sends): dismissed by a person, with their note. */
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    dismissNote: text('dismiss_note'),
    /** A `sending` row's claimer (the send pump's process id, ADR 0021): who has the platform call in flight. */
    sendOwner: text('send_owner'),
    /**
     * A `sending` row's lease (ADR 0021): its call is in flight until then. Past it (or null, a row of
     * the advisory-lock era), the attempt is dead: the row is failed as uncertain, never resent.
     */
    sendLeaseUntil: timestamp('send_lease_until', { withTimezone: true }),
    /**
     * An uncertain send's check with the platform (activities/sends/verify-delivery.ts, F23): `pending`
     * while its `outbound.verify` job has not answered; `found` (the row is then `sent`), `not_found`
     * (a retry is safe) or `cannot_confirm` (the platform cannot tell: a retry may send it twice).
     */
    deliveryCheck: text('delivery_check', { enum: ['pending', 'found', 'not_found', 'cannot_confirm'] }),
    /** Why the check ended as it did, in plain words (shown in Failed sends next to the send's error). */
    deliveryCheckNote: text('delivery_check_note'),
  },
  (t) => [
    uniqueIndex('outbound_ledger_idempotency_key').on(t.idempotencyKey),
    // The tenant key in a key (db/schema/tenant-keys.int.test.ts). Led by the time a row is made, so a
    // new row's entry lands at the index's right edge like the rows before it: ~nothing added to
    // the WAL per send, where (workspace_id, id) would write a random leaf page per row.
    uniqueIndex('outbound_ledger_workspace_key').on(t.workspaceId, t.createdAt, t.id),
    index('outbound_ledger_failed_idx')
      .on(t.workspaceId, t.createdAt)
      .where(sql`status = 'failed' and dismissed_at is null`),
    index('outbound_ledger_retry_of_idx').on(t.retryOf),
    index('outbound_ledger_account_status_idx').on(t.accountId, t.status),
    index('outbound_ledger_rule_idx').on(t.ruleId),
    index('outbound_ledger_sending_lease_idx')
      .on(t.sendLeaseUntil)
      .where(sql`status = 'sending'`),
    // Sends completed in a time window, counted at each /metrics collection (db/metrics/read-sends.ts, ADR 0036).
    index('outbound_ledger_sent_at_idx')
      .on(t.sentAt)
      .where(sql`status = 'sent'`),
  ],
);

/**
 * Generic cell-rate algorithm state per (account, kind): `tat` is the theoretical arrival time of
 * the next send. Shared by every worker, updated atomically (ARCHITECTURE.md#channels).
 */
export const sendRateLimits = pgTable(
  'send_rate_limits',
  {
    accountId: accountIdColumn(),
    kind: text('kind').notNull(),
    tat: timestamp('tat', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('send_rate_limits_key').on(t.accountId, t.kind)],
);

/** What the sandbox "platform" received from us: the simulator's outbox. */
export const sandboxDeliveries = pgTable(
  'sandbox_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    accountId: accountIdColumn(),
    kind: text('kind', { enum: ['dm', 'private_reply', 'public_reply'] }).notNull(),
    recipientExternalId: text('recipient_external_id').notNull(),
    commentId: text('comment_id'),
    text: text('text').notNull(),
    /** The ledger row that caused it: unique, so a retried send cannot deliver twice. */
    ledgerId: uuid('ledger_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('sandbox_deliveries_workspace_key').on(t.workspaceId, t.createdAt, t.id),
    uniqueIndex('sandbox_deliveries_ledger_key').on(t.ledgerId),
    index('sandbox_deliveries_account_idx').on(t.accountId, t.createdAt.desc()),
  ],
);

/**
 * Liveness of every Graphile worker in every process. A worker whose heartbeat stops (kill -9, a
 * lost machine) has its job locks released by the watchdog in another process within a minute,
 * instead of Graphile's 4-hour lock expiry (ARCHITECTURE.md#flow-runtime).
 */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  workerId: text('worker_id').primaryKey(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
});
