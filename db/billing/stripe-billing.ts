import type pg from 'pg';
import type { PlanId } from '../../contracts/plans';
import { jobSpecRow } from '../jobs/job-spec';
import { withTransaction } from '../transaction';
import { setWorkspacePlan } from '../workspaces/workspace-plan';

type Db = Pick<pg.PoolClient, 'query'>;

/** The Stripe ids a workspace holds (null: none yet). */
export async function readStripeLink(db: Db, workspaceId: string): Promise<{ customerId: string | null; subscriptionId: string | null } | undefined> {
  const { rows } = await db.query<{ customer_id: string | null; subscription_id: string | null }>(
    'select stripe_customer_id as customer_id, stripe_subscription_id as subscription_id from workspaces where id = $1',
    [workspaceId],
  );
  return rows[0] === undefined ? undefined : { customerId: rows[0].customer_id, subscriptionId: rows[0].subscription_id };
}

/**
 * What one verified Stripe event asks of a workspace, already read from its object by
 * api/features/billing/stripe-events.ts (the plan from the price through the configured price ids).
 */
export type StripeChange =
  /** checkout.session.completed: link the customer and subscription, set the plan. */
  | { kind: 'checkout'; workspaceId: string; customerId: string; subscriptionId: string; plan: PlanId }
  /** customer.subscription.updated/.deleted: the plan the subscription now gives (free when it ended). */
  | { kind: 'subscription'; subscriptionId: string; customerId: string; workspaceId: string | null; plan: PlanId; ended: boolean }
  /** invoice.payment_failed: tell the owners. */
  | { kind: 'payment_failed'; customerId: string; invoiceId: string; origin: string }
  /** An event this app does not act on, or one it cannot place: recorded, nothing changes. */
  | { kind: 'ignored' };

export interface StripeEventRecord {
  id: string;
  type: string;
  /** The event's `created`, seconds since the epoch. */
  created: number;
}

export type ApplyResult = 'applied' | 'duplicate' | 'stale' | 'unmatched' | 'ignored';

/**
 * Applies one verified Stripe event exactly once (ADR 0046): its id goes into stripe_events in the
 * same transaction as its change, so a redelivery meets the unique id and changes nothing, and the
 * 200 is sent only after the commit. A subscription event older than the last one applied to its
 * workspace (Stripe does not order deliveries) is recorded and skipped, so it cannot undo a newer one.
 */
export async function applyStripeEvent(pool: pg.Pool, event: StripeEventRecord, change: StripeChange): Promise<ApplyResult> {
  return withTransaction(pool, async (client) => {
    const { rowCount } = await client.query(`insert into stripe_events (id, type, created_at) values ($1, $2, to_timestamp($3)) on conflict (id) do nothing`, [
      event.id,
      event.type,
      event.created,
    ]);
    if (rowCount === 0) return 'duplicate';
    switch (change.kind) {
      case 'ignored':
        return 'ignored';
      case 'checkout':
        return applyCheckout(client, event, change);
      case 'subscription':
        return applySubscription(client, event, change);
      case 'payment_failed':
        return notifyPaymentFailed(client, change);
    }
  });
}

async function applyCheckout(client: Db, event: StripeEventRecord, change: Extract<StripeChange, { kind: 'checkout' }>): Promise<ApplyResult> {
  // Another workspace holding this customer or subscription would break the unique keys: the
  // client_reference_id is ours, so this only happens for a session made outside Replypilot.
  const { rows } = await client.query<{ id: string }>(
    `update workspaces set stripe_customer_id = $2, stripe_subscription_id = $3, stripe_event_at = greatest(stripe_event_at, to_timestamp($4))
     where id = $1
       and not exists (select 1 from workspaces o where o.id <> $1 and (o.stripe_customer_id = $2 or o.stripe_subscription_id = $3))
     returning id`,
    [change.workspaceId, change.customerId, change.subscriptionId, event.created],
  );
  if (rows[0] === undefined) return 'unmatched';
  await setStripePlan(client, change.workspaceId, change.plan);
  return 'applied';
}

/** The plan Stripe says, through setWorkspacePlan (audit-logged), unless Stripe set that very plan already (a subscription event that overtook its checkout event). */
async function setStripePlan(client: Db, workspaceId: string, plan: PlanId): Promise<void> {
  const { rows } = await client.query<{ same: boolean }>(`select plan = $2 and plan_source = 'stripe' as same from workspaces where id = $1`, [
    workspaceId,
    plan,
  ]);
  if (rows[0]?.same) return;
  await setWorkspacePlan(client, workspaceId, plan, { actor: null, source: 'stripe' });
}

async function applySubscription(client: Db, event: StripeEventRecord, change: Extract<StripeChange, { kind: 'subscription' }>): Promise<ApplyResult> {
  // The workspace whose current subscription this is; or, when the update overtook its checkout
  // event, the one named in the subscription's metadata (set at Checkout), by the same customer.
  const { rows } = await client.query<{ id: string; current: boolean; stale: boolean }>(
    `select id, stripe_subscription_id = $1 as current, coalesce(stripe_event_at > to_timestamp($4), false) as stale
     from workspaces
     where stripe_subscription_id = $1
        or (stripe_subscription_id is null and id = $2::uuid and coalesce(stripe_customer_id, $3) = $3
            and not exists (select 1 from workspaces o where o.stripe_subscription_id = $1 or (o.id <> $2::uuid and o.stripe_customer_id = $3)))
     for update`,
    [change.subscriptionId, change.workspaceId, change.customerId, event.created],
  );
  const ws = rows[0];
  if (ws === undefined) return 'unmatched';
  if (ws.stale) return 'stale';
  // An ended subscription that is not (yet) linked leaves the workspace as it is.
  if (!ws.current && change.ended) return 'unmatched';
  await client.query(`update workspaces set stripe_customer_id = $2, stripe_subscription_id = $3, stripe_event_at = to_timestamp($4) where id = $1`, [
    ws.id,
    change.customerId,
    change.subscriptionId,
    event.created,
  ]);
  await setStripePlan(client, ws.id, change.ended ? 'free' : change.plan);
  return 'applied';
}

/**
 * A bell notification to each owner of the customer's workspace (once per invoice and owner) and
 * one `mail.payment` job, in the event's transaction.
 */
async function notifyPaymentFailed(client: Db, change: Extract<StripeChange, { kind: 'payment_failed' }>): Promise<ApplyResult> {
  const { rows } = await client.query<{ id: string }>('select id from workspaces where stripe_customer_id = $1', [change.customerId]);
  const ws = rows[0];
  if (ws === undefined) return 'unmatched';
  await client.query(
    `insert into notifications (workspace_id, user_id, kind, key, title, body, link)
     select $1, m.user_id, 'billing', 'payment-failed:' || $2, 'A payment failed',
            'Stripe could not take this workspace''s payment. Update the card in Billing; Stripe retries by itself meanwhile, and your flows keep running.',
            '/account/billing'
     from workspace_members m where m.workspace_id = $1 and m.role = 'owner'
     on conflict (user_id, key) do nothing`,
    [ws.id, change.invoiceId],
  );
  await client.query(
    `select graphile_worker.add_jobs(array[${jobSpecRow('mail.payment', { payload: "json_build_object('workspaceId', $1::text, 'invoiceId', $2::text, 'origin', $3::text)" })}])`,
    [ws.id, change.invoiceId, change.origin],
  );
  return 'applied';
}

/** For the `mail.payment` job: the workspace's name and its owners' addresses. */
export async function paymentFailedRecipients(db: Db, workspaceId: string): Promise<{ workspaceName: string; emails: string[] } | undefined> {
  const { rows } = await db.query<{ name: string; emails: string[] }>(
    `select w.name, coalesce(array_agg(u.email order by u.email) filter (where u.email is not null), '{}') as emails
     from workspaces w
     left join workspace_members m on m.workspace_id = w.id and m.role = 'owner'
     left join users u on u.id = m.user_id
     where w.id = $1 group by w.id`,
    [workspaceId],
  );
  return rows[0] === undefined ? undefined : { workspaceName: rows[0].name, emails: rows[0].emails };
}
