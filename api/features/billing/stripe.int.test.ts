import { describe, expect, it } from 'vitest';
import { pruneStripeEvents } from '../../../db/ops/prune';
import { startStripeFake, type StripeFake } from '../../../tests/fakes/stripe.fake';
import { inviteNewMember } from '../../../tests/support/team';
import { useTestApp } from '../../../tests/support/use-test-app';

/** Optional Stripe billing (ADR 0046) against the contract fake (tests/fakes/stripe.fake.ts). */
const app = useTestApp<{ stripe: StripeFake }>({ fakes: { stripe: startStripeFake } });

const WEBHOOK = '/api/billing/stripe/webhook';

async function deliver(payload: object, opts: { signature?: string; timestamp?: number; secret?: string } = {}) {
  const body = JSON.stringify(payload);
  const signature = opts.signature ?? app.fakes.stripe.sign(body, { timestamp: opts.timestamp, secret: opts.secret });
  const res = await fetch(`${app.t.baseUrl}${WEBHOOK}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function planOf(workspaceId: string) {
  const { rows } = await app.pool.query<{ plan: string; plan_source: string; stripe_customer_id: string | null; stripe_subscription_id: string | null }>(
    'select plan, plan_source, stripe_customer_id, stripe_subscription_id from workspaces where id = $1',
    [workspaceId],
  );
  return rows[0]!;
}

const planAudits = async (workspaceId: string) =>
  (await app.pool.query(`select details from audit_log where workspace_id = $1 and action = 'plan.changed' order by created_at`, [workspaceId])).rows.map(
    (r: { details: unknown }) => r.details,
  );

/** A workspace that completed Checkout for `plan`: the subscription at the fake, and the event delivered. */
async function subscribed(plan: keyof StripeFake['prices'], name = 'Buyer') {
  const u = await app.signIn(name);
  const customer = `cus_${u.user.workspaceId.replaceAll('-', '').slice(0, 14)}`;
  const sub = app.fakes.stripe.createSubscription(customer, app.fakes.stripe.prices[plan], { replypilot_workspace_id: u.user.workspaceId });
  const session = {
    id: `cs_test_${sub.id}`,
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: u.user.workspaceId,
    customer,
    subscription: sub.id,
  };
  const event = app.fakes.stripe.event('checkout.session.completed', session);
  return { u, customer, sub, event, first: await deliver(event) };
}

describe('Stripe billing', () => {
  it('checkout: an owner gets a Checkout Session URL for the plan’s price, tied to the workspace; others get 403', async () => {
    const u = await app.signIn('Owner');
    expect((await u.client.get('/api/plans')).data.checkout).toBe(true);
    expect((await u.client.get('/api/billing')).data).toMatchObject({ checkout: true, portal: false });
    const res = await u.client.post('/api/billing/checkout', { plan: 'pro' });
    expect(res.status).toBe(200);
    expect(res.data.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const call = app.fakes.stripe.requests.findLast((r) => r.path === '/v1/checkout/sessions')!;
    expect(call.authorization).toBe(`Bearer ${app.fakes.stripe.secretKey}`);
    expect(call.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': app.fakes.stripe.prices.pro,
      'line_items[0][quantity]': '1',
      client_reference_id: u.user.workspaceId,
      'subscription_data[metadata][replypilot_workspace_id]': u.user.workspaceId,
    });
    expect(call.form.success_url).toMatch(/\/account\/billing\?checkout=done$/);

    expect((await u.client.post('/api/billing/checkout', { plan: 'free' })).status).toBe(400);
    expect((await u.client.post('/api/billing/portal', {})).status).toBe(409);

    const admin = await inviteNewMember(app.t.baseUrl, u.client, 'admin');
    const denied = await admin.client.post('/api/billing/checkout', { plan: 'pro' });
    expect(denied.status).toBe(403);
    expect((await admin.client.post('/api/billing/portal', {})).status).toBe(403);
    // The plan only changes when Stripe's webhook says so.
    expect(await planOf(u.user.workspaceId)).toMatchObject({ plan: 'free', stripe_customer_id: null });
  });

  it('a completed checkout sets the plan once: the same event twice is one change and one audit entry; the customer is reused', async () => {
    const { u, customer, sub, event, first } = await subscribed('starter');
    expect(first).toEqual({ status: 200, body: { received: true, result: 'applied' } });
    expect(await planOf(u.user.workspaceId)).toEqual({ plan: 'starter', plan_source: 'stripe', stripe_customer_id: customer, stripe_subscription_id: sub.id });
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, result: 'duplicate' } });
    expect(await planAudits(u.user.workspaceId)).toEqual([{ from: 'free', to: 'starter', source: 'stripe' }]);
    expect(app.fakes.stripe.requests.filter((r) => r.path === `/v1/subscriptions/${sub.id}`)).toHaveLength(2);

    // The portal opens for its customer; a second Checkout is refused (change it in the portal).
    expect((await u.client.get('/api/billing')).data).toMatchObject({ plan: 'starter', source: 'stripe', portal: true });
    const portal = await u.client.post('/api/billing/portal', {});
    expect(portal.status).toBe(200);
    expect(portal.data.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(app.fakes.stripe.requests.findLast((r) => r.path === '/v1/billing_portal/sessions')!.form.customer).toBe(customer);
    expect((await u.client.post('/api/billing/checkout', { plan: 'pro' })).status).toBe(409);
  });

  it('subscription updated changes the plan from the price; unpaid, canceled or deleted → free; an older event arriving late changes nothing', async () => {
    const { u, sub } = await subscribed('starter', 'Changer');
    const t0 = Math.floor(Date.now() / 1000) + 10;
    const upgraded = { ...sub, items: { ...sub.items, data: [{ ...sub.items.data[0]!, price: { id: app.fakes.stripe.prices.enterprise, object: 'price' } }] } };
    expect((await deliver(app.fakes.stripe.event('customer.subscription.updated', upgraded, t0))).status).toBe(200);
    expect((await planOf(u.user.workspaceId)).plan).toBe('enterprise');
    // A stale update (created before the one applied) arrives after it: ignored.
    const stale = await deliver(app.fakes.stripe.event('customer.subscription.updated', { ...sub, status: 'active' }, t0 - 5));
    expect(stale.body.result).toBe('stale');
    expect((await planOf(u.user.workspaceId)).plan).toBe('enterprise');
    await deliver(app.fakes.stripe.event('customer.subscription.updated', { ...upgraded, status: 'unpaid' }, t0 + 1));
    expect(await planOf(u.user.workspaceId)).toMatchObject({ plan: 'free', plan_source: 'stripe' });
    await deliver(app.fakes.stripe.event('customer.subscription.updated', { ...upgraded, status: 'active' }, t0 + 2));
    expect((await planOf(u.user.workspaceId)).plan).toBe('enterprise');
    await deliver(app.fakes.stripe.event('customer.subscription.deleted', { ...upgraded, status: 'canceled' }, t0 + 3));
    expect(await planOf(u.user.workspaceId)).toMatchObject({ plan: 'free', plan_source: 'stripe' });
    expect((await planAudits(u.user.workspaceId)).map((d) => (d as { to: string }).to)).toEqual(['starter', 'enterprise', 'free', 'enterprise', 'free']);
  });

  it('a subscription event that overtakes its checkout event sets the plan through the metadata; the checkout event then changes nothing more', async () => {
    const u = await app.signIn('Early');
    const sub = app.fakes.stripe.createSubscription('cus_early_bird', app.fakes.stripe.prices.pro, { replypilot_workspace_id: u.user.workspaceId });
    const t0 = Math.floor(Date.now() / 1000);
    expect((await deliver(app.fakes.stripe.event('customer.subscription.updated', sub, t0))).body.result).toBe('applied');
    expect(await planOf(u.user.workspaceId)).toEqual({
      plan: 'pro',
      plan_source: 'stripe',
      stripe_customer_id: 'cus_early_bird',
      stripe_subscription_id: sub.id,
    });
    const session = {
      id: 'cs_test_early',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: u.user.workspaceId,
      customer: sub.customer,
      subscription: sub.id,
    };
    expect((await deliver(app.fakes.stripe.event('checkout.session.completed', session, t0 - 1))).body.result).toBe('applied');
    expect(await planAudits(u.user.workspaceId)).toEqual([{ from: 'free', to: 'pro', source: 'stripe' }]);
    // Another workspace cannot take the subscription by naming itself in a later event's metadata.
    const other = await app.signIn('Other');
    await deliver(app.fakes.stripe.event('customer.subscription.updated', { ...sub, metadata: { replypilot_workspace_id: other.user.workspaceId } }, t0 + 1));
    expect((await planOf(other.user.workspaceId)).plan).toBe('free');
  });

  it('a forged signature and a stale timestamp are 400, and nothing changes', async () => {
    const u = await app.signIn('Target');
    const sub = app.fakes.stripe.createSubscription('cus_forged', app.fakes.stripe.prices.enterprise);
    const event = app.fakes.stripe.event('checkout.session.completed', {
      id: 'cs_test_forged',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: u.user.workspaceId,
      customer: 'cus_forged',
      subscription: sub.id,
    });
    const forged = await deliver(event, { secret: 'whsec_not_the_secret' });
    expect(forged.status).toBe(400);
    expect(forged.body.error).toBe('Invalid Stripe signature');
    const stale = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.status).toBe(400);
    expect((await deliver(event, { signature: 'garbage' })).status).toBe(400);
    expect(await planOf(u.user.workspaceId)).toMatchObject({ plan: 'free', stripe_customer_id: null });
    expect((await app.pool.query('select 1 from stripe_events where id = $1', [event.id])).rowCount).toBe(0);
    // The genuine delivery of the same event then applies.
    expect((await deliver(event)).status).toBe(200);
    expect((await planOf(u.user.workspaceId)).plan).toBe('enterprise');
  });

  it('event ids are kept past Stripe’s 3 days of retries, then pruned', async () => {
    const event = app.fakes.stripe.event('customer.created', { id: 'cus_pruned', object: 'customer' });
    expect((await deliver(event)).body.result).toBe('ignored');
    await app.pool.query(`update stripe_events set received_at = now() - interval '31 days' where id = $1`, [event.id]);
    expect(await pruneStripeEvents(app.pool)).toBeGreaterThanOrEqual(1);
    expect((await app.pool.query('select 1 from stripe_events where id = $1', [event.id])).rowCount).toBe(0);
  });

  it('a failed payment notifies each owner once (bell and mail)', async () => {
    const { u, customer } = await subscribed('pro', 'Payer');
    const invoice = { id: 'in_failed_1', object: 'invoice', customer, status: 'open', attempt_count: 1 };
    const event = app.fakes.stripe.event('invoice.payment_failed', invoice);
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, result: 'applied' } });
    expect((await deliver(event)).body.result).toBe('duplicate');
    const bell = (await u.client.get('/api/notifications')).data;
    const notices = (bell.notifications ?? bell.items ?? bell) as { title: string; link: string }[];
    expect(notices.filter((n) => n.title === 'A payment failed')).toHaveLength(1);
    expect(notices.find((n) => n.title === 'A payment failed')!.link).toBe('/account/billing');
    // The plan stays: Stripe retries, and its subscription events decide the plan.
    expect((await planOf(u.user.workspaceId)).plan).toBe('pro');
    await expect
      .poll(async () => ((await u.client.get('/api/dev/outbox')).data.mails as { subject: string }[]).filter((m) => m.subject.includes('payment')).length, {
        timeout: 15_000,
      })
      .toBe(1);
  });
});

describe('Stripe billing unconfigured', () => {
  const bare = useTestApp();
  it('the endpoints answer 404 with a clear message and the pages keep “ask your operator”', async () => {
    const u = await bare.signIn('Plain');
    expect((await u.client.get('/api/plans')).data.checkout).toBe(false);
    expect((await u.client.get('/api/billing')).data).toMatchObject({ checkout: false, portal: false });
    const checkout = await u.client.post('/api/billing/checkout', { plan: 'pro' });
    expect(checkout.status).toBe(404);
    expect(checkout.data.error).toMatch(/not configured.*ask your operator/);
    expect((await u.client.post('/api/billing/portal', {})).status).toBe(404);
    const hook = await fetch(`${bare.t.baseUrl}${WEBHOOK}`, { method: 'POST', headers: { 'stripe-signature': 't=1,v1=' + 'a'.repeat(64) }, body: '{}' });
    expect(hook.status).toBe(404);
  });
});
