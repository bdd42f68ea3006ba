import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, workspaceIdColumn } from './columns';
import { users } from './users';

/**
 * Event webhooks out (docs/api-webhooks.md): a workspace's subscription to some of its events,
 * delivered to its URL signed the Standard Webhooks way. The secret (`whsec_…`) is AES-256-GCM
 * ciphertext like platform tokens; after a rotation the previous one also signs until
 * `previous_secret_until`, so a receiver can roll over without dropping deliveries.
 */
export const eventWebhookSubscriptions = pgTable(
  'event_webhook_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    description: text('description').notNull().default(''),
    secretEnc: text('secret_enc').notNull(),
    previousSecretEnc: text('previous_secret_enc'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was disabled (by its owner, or after repeated failed deliveries); null while enabled. */
    disabledReason: text('disabled_reason'),
    /** Deliveries failed for good in a row; a success resets it. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('event_webhook_subscriptions_workspace_key').on(t.workspaceId, t.id),
    index('event_webhook_subscriptions_created_by_idx').on(t.createdBy),
  ],
);

/**
 * One event for one subscription: its payload as first made, and its delivery state. `event_id`
 * (`msg_…`) is the `webhook-id` header, the same on every retry and replay, so a receiver drops a
 * duplicate. A claim moves `next_attempt_at` one lease ahead and counts the attempt, so a delivery
 * whose worker died mid-call is due again after the lease, with the same id (at-least-once).
 */
export const eventWebhookDeliveries = pgTable(
  'event_webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    subscriptionId: uuid('subscription_id').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastResponseMs: integer('last_response_ms'),
    createdAt: createdAtColumn(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('event_webhook_deliveries_workspace_key').on(t.workspaceId, t.id),
    foreignKey({
      columns: [t.workspaceId, t.subscriptionId],
      foreignColumns: [eventWebhookSubscriptions.workspaceId, eventWebhookSubscriptions.id],
      name: 'event_webhook_deliveries_subscription_fk',
    }).onDelete('cascade'),
    // The delivery log of a subscription, newest first.
    index('event_webhook_deliveries_subscription_idx').on(t.workspaceId, t.subscriptionId, t.createdAt),
    // The worker's claim: due pending deliveries only.
    index('event_webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('event_webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);
