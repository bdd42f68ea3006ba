import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStripeFake, type StripeFake } from '../fakes/stripe.fake';
import { startE2E, type E2E } from './harness';

// Stripe billing (ADR 0046) as an owner meets it: Billing from Settings, "Choose Pro" to Stripe
// Checkout (the contract fake's URL, answered here since the browser cannot reach checkout.stripe.com),
// then the signed webhook sets the plan and Billing offers the customer portal.

let e2e: E2E;
let stripe: StripeFake;
beforeAll(async () => {
  stripe = await startStripeFake();
  e2e = await startE2E({ env: stripe.env });
});
afterAll(async () => {
  await e2e?.stop();
  await stripe?.close();
});

it('an owner upgrades through Checkout; the webhook sets the plan and Billing opens the portal', async () => {
  const page = await e2e.newPage();
  await page.route('https://checkout.stripe.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Stripe Checkout</h1>' }));
  const email = `stripe-${Date.now()}@example.com`;
  const reg = await page.request.post('/api/auth/register', { data: { firstName: 'Sam', lastName: 'Stripe', email, password: 'secret12' } });
  expect(reg.status()).toBe(201);
  const workspaceId = ((await reg.json()) as { user: { workspaceId: string } }).user.workspaceId;
  // The pricing page sends a signed-in visitor's paid plan to Billing; Settings leads there too.
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Choose Pro' }).click();
  await page.waitForURL('**/account/billing');
  await page.goto('/settings');
  await page
    .getByRole('link', { name: /billing/i })
    .first()
    .click();
  await page.waitForURL('**/account/billing');
  await page.getByText('Paid plans are paid online by the workspace owner from Billing.').waitFor();
  await e2e.screenshot(page, 'stripe-billing-choose');
  await page.getByRole('button', { name: 'Choose Pro' }).click();
  await page.waitForURL('https://checkout.stripe.com/**');
  const call = stripe.requests.findLast((r) => r.path === '/v1/checkout/sessions')!;
  expect(call.form).toMatchObject({ 'line_items[0][price]': stripe.prices.pro, client_reference_id: workspaceId, customer_email: email });

  // Stripe's side: the customer paid; the subscription exists and the event is delivered, signed.
  const sub = stripe.createSubscription('cus_e2e_owner', stripe.prices.pro, { replypilot_workspace_id: workspaceId });
  const body = JSON.stringify(
    stripe.event('checkout.session.completed', {
      id: 'cs_test_e2e',
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: workspaceId,
      customer: sub.customer,
      subscription: sub.id,
    }),
  );
  const hook = await fetch(`${e2e.app.baseUrl}/api/billing/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(body) },
    body,
  });
  expect(hook.status).toBe(200);

  await page.goto('/account/billing?checkout=done');
  await page.getByText('Thank you. Your Pro plan is active.').waitFor();
  await page.getByText('Paid online.').waitFor();
  await page.getByRole('button', { name: 'Manage subscription' }).waitFor();
  expect(await page.getByRole('button', { name: /^Choose / }).count()).toBe(0);
  await e2e.screenshot(page, 'stripe-billing-subscribed');
});
