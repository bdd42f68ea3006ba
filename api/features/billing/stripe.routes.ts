import type { RequestHandler } from 'express';
import type pg from 'pg';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { z } from 'zod';
import type { StripeConfig } from '../../../config/config';
import { applyStripeEvent, readStripeLink } from '../../../db/billing/stripe-billing';
import { AppError } from '../../http/errors';
import { ownOrigin } from '../../http/own-origin';
import { authedRouter, publicRouter } from '../../http/routers';
import { parseBody } from '../../http/validate';
import { signedRawBody, STRIPE_SIGNATURE_FORMAT } from '../webhooks/webhook-limits';
import { changeOf, subscriptionSchema, WORKSPACE_METADATA_KEY } from './stripe-events';

export const STRIPE_WEBHOOK_PATH = '/api/billing/stripe/webhook';
/** Stripe's events are a few KiB; nothing this route reads comes near it (docs/platform-apis.md §8). */
const STRIPE_WEBHOOK_LIMIT_BYTES = 256 * 1024;

/** Stripe billing when configured (ADR 0046): the client and its settings. */
export interface StripeBilling {
  config: StripeConfig;
  client: Stripe;
}

const NOT_CONFIGURED = 'Online payment is not configured on this server; ask your operator to set your plan';

const onlyWhenConfigured =
  (billing: StripeBilling | undefined): RequestHandler =>
  (_req, _res, next) =>
    next(billing ? undefined : new AppError('NOT_FOUND', NOT_CONFIGURED));

/** A call to Stripe that failed: logged whole, answered without Stripe's wording. */
function stripeFailure(log: Pick<Logger, 'error'>, err: unknown, what: string): AppError {
  if (err instanceof AppError) return err;
  const e = err as { type?: string; message?: string; statusCode?: number };
  log.error({ err: { type: e.type, message: e.message, statusCode: e.statusCode } }, `Stripe: ${what} failed`);
  return new AppError('UNAVAILABLE', `Stripe could not ${what} just now; try again in a minute`);
}

/**
 * POST /api/billing/stripe/webhook (ADR 0046). Mounted before the JSON parser, sessions and the
 * same-origin check: the signature (Stripe-Signature, docs/platform-apis.md §8) is over the raw
 * bytes, and Stripe sends no cookie. A missing, forged or stale (over 300 s) signature is 400 and
 * changes nothing. The event is stored and applied in one transaction before the 200, so a
 * redelivery changes nothing twice; a failure answers 5xx and Stripe retries.
 */
export function stripeWebhookRoutes(deps: {
  pool: pg.Pool;
  billing: StripeBilling | undefined;
  publicUrl: string | undefined;
  log: Pick<Logger, 'error' | 'info' | 'warn'>;
}) {
  const router = publicRouter();
  const { billing } = deps;
  router.post(
    STRIPE_WEBHOOK_PATH,
    onlyWhenConfigured(billing),
    signedRawBody({ headers: ['stripe-signature'], format: STRIPE_SIGNATURE_FORMAT, limitBytes: STRIPE_WEBHOOK_LIMIT_BYTES, badSignature: 'BAD_REQUEST' }),
    async (req, res) => {
      const { config, client } = billing!;
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(raw, req.get('stripe-signature') ?? '', config.webhookSecret);
      } catch (err) {
        throw new AppError('BAD_REQUEST', err instanceof Stripe.errors.StripeSignatureVerificationError ? 'Invalid Stripe signature' : 'Not a Stripe event');
      }
      const change = await changeOf(event, {
        config,
        origin: ownOrigin(deps.publicUrl, req),
        retrieveSubscription: async (id) => {
          try {
            return subscriptionSchema.parse(await client.subscriptions.retrieve(id));
          } catch (err) {
            throw stripeFailure(deps.log, err, 'read the subscription');
          }
        },
      });
      const result = await applyStripeEvent(deps.pool, { id: event.id, type: event.type, created: event.created }, change);
      if (result === 'unmatched')
        deps.log.warn({ eventId: event.id, type: event.type }, 'Stripe event names no workspace of this instance; recorded, nothing changed');
      res.json({ received: true, result });
    },
  );
  return router;
}

const checkoutBody = z.object({ plan: z.enum(['starter', 'pro', 'enterprise'], { error: 'Choose a paid plan: starter, pro or enterprise' }) });

/**
 * POST /api/billing/checkout {plan} → {url} of a Stripe Checkout Session for that plan's price, and
 * POST /api/billing/portal → {url} of the customer portal (change the plan, the card, or cancel).
 * Owners only (billing:manage). The plan itself changes only when the webhook says so.
 */
export function stripeBillingRoutes(deps: { pool: pg.Pool; billing: StripeBilling | undefined; publicUrl: string | undefined; log: Pick<Logger, 'error'> }) {
  const router = authedRouter('billing:manage');
  const { billing } = deps;

  router.post('/checkout', onlyWhenConfigured(billing), async (req, res) => {
    const { plan } = parseBody(checkoutBody, req);
    const workspaceId = req.user!.workspaceId;
    const link = await readStripeLink(deps.pool, workspaceId);
    if (!link) throw new AppError('NOT_FOUND', 'No such workspace');
    if (link.subscriptionId) throw new AppError('CONFLICT', 'This workspace has a subscription already; change it in the billing portal');
    const origin = ownOrigin(deps.publicUrl, req);
    try {
      const session = await billing!.client.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: billing!.config.prices[plan], quantity: 1 }],
        client_reference_id: workspaceId,
        ...(link.customerId ? { customer: link.customerId } : { customer_email: req.user!.email }),
        subscription_data: { metadata: { [WORKSPACE_METADATA_KEY]: workspaceId } },
        metadata: { [WORKSPACE_METADATA_KEY]: workspaceId },
        success_url: `${origin}/account/billing?checkout=done`,
        cancel_url: `${origin}/account/billing?checkout=cancelled`,
      });
      if (!session.url) throw new Error('Checkout Session without a url');
      res.json({ url: session.url });
    } catch (err) {
      throw stripeFailure(deps.log, err, 'start Checkout');
    }
  });

  router.post('/portal', onlyWhenConfigured(billing), async (req, res) => {
    const link = await readStripeLink(deps.pool, req.user!.workspaceId);
    if (!link) throw new AppError('NOT_FOUND', 'No such workspace');
    if (!link.customerId) throw new AppError('CONFLICT', 'This workspace has no Stripe customer yet; choose a plan first');
    try {
      const session = await billing!.client.billingPortal.sessions.create({
        customer: link.customerId,
        return_url: `${ownOrigin(deps.publicUrl, req)}/account/billing`,
      });
      res.json({ url: session.url });
    } catch (err) {
      throw stripeFailure(deps.log, err, 'open the billing portal');
    }
  });
  return router;
}
