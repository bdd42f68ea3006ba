import type Stripe from 'stripe';
import { z } from 'zod';
import type { PaidPlanId, StripeConfig } from '../../../config/config';
import type { StripeChange } from '../../../db/billing/stripe-billing';

/**
 * What a verified Stripe event asks of Replypilot (ADR 0046), read with zod from the fields
 * docs/platform-apis.md §8 lists, never trusted whole. The plan comes from the subscription's price
 * through the configured price ids; a price not configured here changes nothing.
 */

const id = z.string().min(1).max(255);
/** `customer` and `subscription` are ids, or the objects when expanded. */
const idOrObject = z.union([id, z.object({ id })]).transform((v) => (typeof v === 'string' ? v : v.id));

const sessionSchema = z.object({
  id,
  mode: z.string(),
  client_reference_id: z.uuid().nullable().optional(),
  customer: idOrObject.nullable(),
  subscription: idOrObject.nullable(),
});

export const subscriptionSchema = z.object({
  id,
  customer: idOrObject,
  status: z.string(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  items: z.object({ data: z.array(z.object({ price: z.object({ id }) })) }),
});
export type SubscriptionFields = z.infer<typeof subscriptionSchema>;

const invoiceSchema = z.object({ id, customer: idOrObject });

/** Statuses under which the subscription's plan holds; any other (canceled, unpaid, incomplete…) is the free plan. */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);

export const WORKSPACE_METADATA_KEY = 'replypilot_workspace_id';

/** The paid plan a price id is configured for. */
export function planOfPrice(config: StripeConfig, priceId: string): PaidPlanId | undefined {
  return (Object.entries(config.prices) as [PaidPlanId, string][]).find(([, price]) => price === priceId)?.[0];
}

export interface EventContext {
  config: StripeConfig;
  /** GET /v1/subscriptions/:id: a completed Checkout Session names its subscription, not its price. */
  retrieveSubscription(id: string): Promise<SubscriptionFields>;
  /** Where Billing is, for the payment-failed mail. */
  origin: string;
}

export async function changeOf(event: Stripe.Event, ctx: EventContext): Promise<StripeChange> {
  const object: unknown = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed': {
      const s = sessionSchema.parse(object);
      if (s.mode !== 'subscription' || !s.client_reference_id || !s.customer || !s.subscription) return { kind: 'ignored' };
      const sub = await ctx.retrieveSubscription(s.subscription);
      const plan = planOfPrice(ctx.config, sub.items.data[0]?.price.id ?? '');
      if (!plan) return { kind: 'ignored' };
      return { kind: 'checkout', workspaceId: s.client_reference_id, customerId: s.customer, subscriptionId: s.subscription, plan };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = subscriptionSchema.parse(object);
      const ended = event.type === 'customer.subscription.deleted' || !LIVE_STATUSES.has(sub.status);
      const plan = planOfPrice(ctx.config, sub.items.data[0]?.price.id ?? '');
      if (!plan && !ended) return { kind: 'ignored' };
      const named = z.uuid().safeParse(sub.metadata?.[WORKSPACE_METADATA_KEY]);
      return {
        kind: 'subscription',
        subscriptionId: sub.id,
        customerId: sub.customer,
        workspaceId: named.success ? named.data : null,
        plan: plan ?? 'free',
        ended,
      };
    }
    case 'invoice.payment_failed': {
      const invoice = invoiceSchema.parse(object);
      return { kind: 'payment_failed', customerId: invoice.customer, invoiceId: invoice.id, origin: ctx.origin };
    }
    default:
      return { kind: 'ignored' };
  }
}
