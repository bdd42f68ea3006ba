import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetaGraphFake, type MetaGraphFake } from '../fakes/meta-graph.fake';
import { messagingWebhook } from '../fakes/meta-webhook-payloads';
import { fakePage } from '../support/meta-accounts';
import { startE2E, type E2E } from './harness';

// Platforms E2E: connect Facebook Pages + Instagram through Facebook Login against the contract fake
// of the Graph API, see them listed in /social-messaging, send a Messenger message and an Instagram
// DM from its forms; the fake records both. Real server, real Chromium, real PostgreSQL.

let e2e: E2E;
let fake: MetaGraphFake;

beforeAll(async () => {
  fake = await startMetaGraphFake();
  e2e = await startE2E({ env: fake.env });
});

afterAll(async () => {
  await e2e?.stop();
  await fake?.stop();
});

let seq = 0;
async function registerFreshUser(page: Page) {
  seq += 1;
  const res = await page.request.post('/api/auth/register', {
    data: { firstName: 'Pia', lastName: 'Platforms', email: `pia-${Date.now()}-${seq}@example.com`, password: 'secret12' },
  });
  expect(res.status()).toBe(201);
}

describe('Facebook Login connect → Social Messaging', () => {
  it('connects Pages and Instagram, lists them, and sends a Messenger message and an Instagram DM', async () => {
    const page = await e2e.newPage();
    await registerFreshUser(page);
    const acme = fakePage('acme');
    acme.name = 'Acme Shoes';
    fake.signInAs({
      id: 'fb-owner',
      name: 'Pia Platforms',
      pages: [acme, { ...fakePage('blog'), name: 'Acme Blog', category: 'Blogger', instagram: undefined }],
    });

    await page.goto('/social-messaging');
    await page.getByRole('heading', { name: 'Connect Facebook & Instagram' }).waitFor();
    await e2e.screenshot(page, 'platforms-social-messaging-connect');
    await page.getByRole('button', { name: 'Connect Facebook' }).click();

    // Facebook Login (the fake consents at once) → our callback → back on Social Messaging.
    await page.waitForURL((url) => url.pathname === '/social-messaging');
    await page.getByRole('heading', { name: 'Your Facebook Pages' }).waitFor();
    await page.getByText('3 accounts connected').waitFor();
    const dialog = fake.calls.find((c) => c.path === '/dialog/oauth');
    expect(dialog?.query.scope).toContain('pages_manage_engagement');
    expect(fake.subscriptions.get(acme.id)).toContain('messages');
    await expect.poll(() => page.getByText('Acme Shoes').count()).toBeGreaterThan(0);
    await page.getByText(`IG @${acme.instagram!.username}`).waitFor();
    await page.getByText('Acme Blog').first().waitFor();

    // The people write first (Meta's 24-hour window), through signed webhooks.
    const hook = `${e2e.baseUrl}/api/webhooks/facebook/webhook`;
    expect(
      (
        await fake.deliverWebhook(
          hook,
          messagingWebhook('page', acme.id, [{ sender: '4100001', recipient: acme.id, message: { mid: 'm_e2e_1', text: 'Do you ship to Oslo?' } }]),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await fake.deliverWebhook(
          hook,
          messagingWebhook('instagram', acme.instagram!.id, [
            { sender: '5200002', recipient: acme.instagram!.id, message: { mid: 'ig_e2e_1', text: 'Love the new drop!' } },
          ]),
        )
      ).status,
    ).toBe(200);
    await expect.poll(async () => (await (await page.request.get('/api/conversations')).json()).conversations.length, { timeout: 10_000 }).toBe(2);

    // Messenger form: the send button stays disabled until everything is filled in.
    const fbForm = page.getByRole('form', { name: 'Send a Messenger message' });
    const send = fbForm.getByRole('button', { name: 'Send message' });
    expect(await send.isDisabled()).toBe(true);
    await fbForm.getByLabel('Facebook Page').selectOption({ label: 'Acme Shoes' });
    await fbForm.getByLabel('Recipient Facebook user ID').fill('4100001');
    await fbForm.getByLabel('Message').fill('Yes — 3 to 5 days to Oslo.');
    await e2e.screenshot(page, 'platforms-social-messaging-messenger');
    await send.click();
    await page.getByText('Your Facebook message was sent successfully').waitFor();
    expect(await fbForm.getByLabel('Message').inputValue()).toBe('');
    expect(fake.sends.filter((s) => s.kind === 'dm').map((s) => [s.on, s.recipient, s.text])).toEqual([[acme.id, '4100001', 'Yes — 3 to 5 days to Oslo.']]);

    // Instagram tab: the business account's profile, then a DM.
    await page.getByRole('tab', { name: 'Instagram DM' }).click();
    await page.getByText(`@${acme.instagram!.username}`).first().waitFor();
    await page.getByText('1,234').waitFor();
    const igForm = page.getByRole('form', { name: 'Send an Instagram DM' });
    await igForm.getByLabel('Recipient Instagram ID').fill('5200002');
    await igForm.getByLabel('Message').fill('Thank you! 💜');
    await igForm.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Your Instagram message was sent successfully').waitFor();
    await e2e.screenshot(page, 'platforms-social-messaging-instagram');
    expect(fake.sends.filter((s) => s.kind === 'dm').map((s) => [s.recipient, s.text])).toEqual([
      ['4100001', 'Yes — 3 to 5 days to Oslo.'],
      ['5200002', 'Thank you! 💜'],
    ]);

    // Outside the window Meta's rule is shown, nothing is sent.
    await igForm.getByLabel('Recipient Instagram ID').fill('5299999');
    await igForm.getByLabel('Message').fill('Cold DM');
    await igForm.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Send Failed').waitFor();
    await page.getByText(/outside Meta's messaging window/).waitFor();
    expect(fake.sends.filter((s) => s.kind === 'dm')).toHaveLength(2);

    // Dark mode, and the connected accounts on /connect-accounts.
    await page.evaluate(() => localStorage.setItem('replypilot-theme', 'dark'));
    await page.goto('/social-messaging');
    await page.getByRole('heading', { name: 'Your Facebook Pages' }).waitFor();
    await e2e.screenshot(page, 'platforms-social-messaging-dark');
    await page.goto('/connect-accounts');
    await page.getByRole('heading', { name: 'Your connected accounts' }).waitFor();
    await e2e.screenshot(page, 'platforms-connect-accounts-dark');
  });

  it('/webhook-setup shows the real callback URL and verify token to a signed-in user', async () => {
    const page = await e2e.newPage();
    await registerFreshUser(page);
    await page.goto('/webhook-setup');
    await page.getByRole('textbox', { name: 'Verify token' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Callback URL' }).inputValue()).toBe(`${e2e.baseUrl}/api/webhooks/facebook/webhook`);
    const token = await page.getByRole('textbox', { name: 'Verify token' }).inputValue();
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const verify = await fetch(`${e2e.baseUrl}/api/webhooks/facebook/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=42`);
    expect(await verify.text()).toBe('42');
    await e2e.screenshot(page, 'platforms-webhook-setup');
  });

  it('Connect Accounts: Check now confirms a working token, then finds a removed permission and offers Reconnect', async () => {
    const page = await e2e.newPage();
    await registerFreshUser(page);
    const shop = fakePage('health');
    shop.name = 'Health Foods';
    fake.signInAs({ id: 'fb-owner-health', name: 'Pia Platforms', pages: [shop] });
    await page.goto('/oauth/facebook');
    await page.waitForURL((url) => url.pathname === '/social-messaging');
    await page.request.post('/api/comment-rules', { data: { platform: 'instagram', keywords: ['menu'], responseTemplate: 'Our menu: example.com/menu' } });

    await page.goto('/connect-accounts');
    await page.getByRole('heading', { name: 'Your connected accounts' }).waitFor();
    await page.getByRole('button', { name: 'Check Health Foods now' }).click();
    await page.getByText('Connection works').waitFor();
    await page
      .getByText(/token checked/)
      .first()
      .waitFor();

    // The person removes a permission in Facebook's settings; the next check finds it before any send fails.
    fake.removePermission(shop.id, 'instagram_manage_messages');
    const ig = `@${shop.instagram!.username}`;
    await page.getByRole('button', { name: `Check ${ig} now` }).click();
    await page.getByText('Needs reconnecting', { exact: true }).waitFor();
    await page.getByText('Needs reconnect', { exact: true }).first().waitFor();
    // The row's Reconnect starts the login that connected the account (the banner's links to this page).
    const reconnect = page.locator('li a[href="/oauth/facebook"]', { hasText: 'Reconnect' });
    expect(await reconnect.count()).toBe(1);
    const banner = page.getByRole('alert').filter({ hasText: 'automation stopped' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain(
      `1 automation stopped: ${ig} needs reconnecting (the permission instagram_manage_messages was removed in Facebook)`,
    );
    await page.getByRole('button', { name: 'Dismiss notification' }).first().click();
    await page.getByText('Needs reconnecting', { exact: true }).waitFor({ state: 'detached' });
    await e2e.screenshot(page, 'platforms-connect-accounts-health');

    // Reconnecting (permission granted again) clears the mark.
    fake.signInAs({ id: 'fb-owner-health-2', name: 'Pia Platforms', pages: [shop] });
    await reconnect.click();
    await page.waitForURL((url) => url.pathname === '/social-messaging');
    const accounts = (await (await page.request.get('/api/social-accounts')).json()) as { username: string; status: string }[];
    expect(accounts.find((a) => `@${a.username}` === ig)?.status).toBe('active');
  });
});
