import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMetaGraphFake, type MetaGraphFake } from '../fakes/meta-graph.fake';
import { fakePage } from '../support/meta-accounts';
import { startE2E, type E2E } from './harness';

// Missed-webhook reconciliation on Connect Accounts (ADR 0014): comments and DMs the platform holds but never
// sent us are read back when the account is connected, and each account row says when it was last
// checked and how many missed events that recovered. Real server, real Chromium, contract fake.

let e2e: E2E;
let fake: MetaGraphFake;

beforeAll(async () => {
  fake = await startMetaGraphFake();
  e2e = await startE2E({ env: { ...fake.env, RECONCILE_EVERY_MINUTES: '15' } });
});
afterAll(async () => {
  await e2e?.stop();
  await fake?.stop();
});

it('Connect Accounts shows when each account was last reconciled and what it recovered', async () => {
  const page = await e2e.newPage();
  const res = await page.request.post('/api/auth/register', {
    data: { firstName: 'Rae', lastName: 'Reconcile', email: `rae-${Date.now()}@example.com`, password: 'secret12' },
  });
  expect(res.status()).toBe(201);
  const shop = fakePage('recon');
  shop.name = 'Recon Bakery';
  const ig = shop.instagram!;
  // Two comments the platform has whose webhooks never reached us.
  const post = fake.addPost(ig.id);
  fake.addComment(post.id, { text: 'price?', from: { id: 'fan-e2e-1', username: 'fane2e1' } });
  fake.addComment(post.id, { text: 'open today?', from: { id: 'fan-e2e-2', username: 'fane2e2' } });
  // And a DM to each, whose webhooks were lost too; the Page's own answer in its thread is not one.
  fake.addMessage(fake.addConversation(ig.id, { id: 'igsid-e2e-1', username: 'fane2e1' }).id, { text: 'do you deliver?' });
  const thread = fake.addConversation(shop.id, { id: 'psid-e2e-1', name: 'Dee' });
  fake.addMessage(thread.id, { text: 'hello bakery', createdAt: new Date(Date.now() - 60_000) });
  fake.addMessage(thread.id, { text: 'hi Dee!', fromAccount: true });
  fake.signInAs({ id: 'fb-owner-recon', name: 'Rae Reconcile', pages: [shop] });
  await page.goto('/oauth/facebook');
  await page.waitForURL((url) => url.pathname === '/social-messaging');

  await page.goto('/connect-accounts');
  await page.getByRole('heading', { name: 'Your connected accounts' }).waitFor();
  const igRow = page.locator('li', { hasText: `@${ig.username}` });
  await igRow.getByText(/checked for missed comments and DMs .* \(3 found\) · 3 missed events recovered in all/).waitFor({ timeout: 30_000 });
  const pageRow = page.locator('li', { hasText: 'Recon Bakery' });
  await pageRow.getByText(/checked for missed comments and DMs .* \(1 found\) · 1 missed event recovered in all/).waitFor({ timeout: 30_000 });
  await e2e.screenshot(page, 'reconcile-connect-accounts');
  await page.setViewportSize({ width: 390, height: 844 });
  await igRow.getByText(/3 missed events recovered/).waitFor();
  await e2e.screenshot(page, 'reconcile-connect-accounts-390');
});
