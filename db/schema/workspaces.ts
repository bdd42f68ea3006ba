import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The tenant. Every tenant row elsewhere carries workspace_id (ARCHITECTURE.md#security). */
export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /**
     * The IANA zone a "day" of this workspace is in (docs/product-spec.md, Glossary): the analytics
     * rollups stamp each event with its calendar day here (migration 0033) and "today" starts at its
     * midnight. Set from the browser at registration, changed in Settings.
     */
    timeZone: text('time_zone').notNull().default('UTC'),
    /**
     * The opt-out words and confirmation replies (contracts/opt-out.ts OptOutSettings), set in Settings;
     * null: the defaults. Read by the inbound DM statement itself (db/inbound/store-inbound-dm.ts).
     */
    optOut: jsonb('opt_out'),
    /**
     * Human takeover's quiet time (contracts/takeover.ts): a member's reply pauses automation for the
     * contact this many hours (then it resumes by itself), set in Settings → Inbox.
     */
    takeoverQuietHours: integer('takeover_quiet_hours').notNull().default(24),
    /**
     * Automatic assignment of new conversations (contracts/auto-assign.ts): 'off', or 'round_robin'
     * among available, online members who can reply. Read by the inbound DM statement itself.
     */
    autoAssign: text('auto_assign').notNull().default('off'),
    /**
     * The workspace's plan (contracts/plans.ts ids; ADR 0041), who set it (plan_source: 'default',
     * 'admin', 'stripe', 'trial') and, during a trial (TRIAL_DAYS), when it ends: the trial job
     * (workers/jobs/end-trials.job.ts) puts it back on the free plan then. Set only through
     * db/workspaces/workspace-plan.ts setWorkspacePlan.
     */
    plan: text('plan').notNull().default('free'),
    planSource: text('plan_source').notNull().default('default'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /**
     * Suspended by an instance operator (the admin console, ADR 0042): while set, nothing automated is
     * sent (rule replies, flow steps, broadcasts, AI answers); inbound events are still stored. The
     * reason is shown to the members. Null: running.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    /**
     * Stripe billing (ADR 0046): the workspace's Stripe customer (reused by every later Checkout and
     * the portal) and its current subscription, linked by checkout.session.completed; and the
     * `created` time of the last subscription event applied, so an older one arriving late (Stripe
     * does not order deliveries, docs/platform-apis.md §8) does not undo a newer one.
     */
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    stripeEventAt: timestamp('stripe_event_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('workspaces_auto_assign_check', sql`${t.autoAssign} in ('off', 'round_robin')`),
    check('workspaces_plan_source_check', sql`${t.planSource} in ('default', 'admin', 'stripe', 'trial')`),
    check('workspaces_trial_check', sql`(${t.planSource} = 'trial') = (${t.trialEndsAt} is not null)`),
    uniqueIndex('workspaces_stripe_customer_key').on(t.stripeCustomerId),
    uniqueIndex('workspaces_stripe_subscription_key').on(t.stripeSubscriptionId),
    index('workspaces_trial_ends_idx')
      .on(t.trialEndsAt)
      .where(sql`${t.planSource} = 'trial'`),
    // The few suspended workspaces, read by the timer pump's statement on every tick (db/flows/pump-due-timers.ts).
    index('workspaces_suspended_idx')
      .on(t.id)
      .where(sql`suspended_at is not null`),
  ],
);

/**
 * Every Stripe webhook event applied, by its id (ADR 0046): inserted in the transaction that applies
 * it, before the 200, so a redelivery (Stripe retries for up to 3 days and may send one twice) finds
 * its id and changes nothing. Not a tenant table: an event is Stripe's, and may name no workspace.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The event's own `created` (Stripe's clock). */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
