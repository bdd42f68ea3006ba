import { afterAll, beforeAll, expect, it } from 'vitest';
import path from 'node:path';
import { screenshotDir, startE2E, type E2E } from './harness';

// A newcomer opens the Simulator from the sidebar, sets comment moderation on the sandbox Instagram
// account (a keyword, links, hide), then a pretend customer's comment with a link is hidden, not
// answered, and listed in the dialog. (Connected accounts have the same button on Connect Accounts.)

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

it('sets moderation from Connect Accounts; a spam comment in the Simulator is hidden and listed', async () => {
  const page = await e2e.newPage();
  const reg = await page.request.post('/api/auth/register', {
    data: { firstName: 'Mo', lastName: 'Derator', email: `mod-${Date.now()}@example.com`, password: 'secret12' },
  });
  expect(reg.status()).toBe(201);

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Simulator' }).first().click();
  await page.getByRole('heading', { name: '3. Comment on a post' }).waitFor();
  await page
    .getByRole('button', { name: /^Comment moderation of @/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Comment moderation' }).waitFor();
  await dialog.getByLabel('Moderate new comments on this account').check();
  await dialog.getByLabel('Keywords', { exact: true }).fill('free followers');
  await dialog.getByLabel('Keywords', { exact: true }).press('Enter');
  await dialog.getByLabel(/Comments with a link/).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Moderation saved').first().waitFor();

  // The Simulator's pretend customer comments with a link on the sandbox account's post.
  const state = (await (await page.request.get('/api/simulator')).json()) as {
    accounts: Array<{ id: string; platform: string }>;
    posts: Array<{ accountId: string; externalId: string }>;
  };
  const ig = state.accounts.find((a) => a.platform === 'instagram')!;
  const post = state.posts.find((p) => p.accountId === ig.id)!;
  const sent = await page.request.post('/api/simulator/comments', {
    data: {
      accountId: ig.id,
      postId: post.externalId,
      contact: { externalUserId: 'sim-spam', name: 'Spam Bot', username: 'spam.bot' },
      text: 'DM me at cheap-likes.shop',
    },
  });
  expect(sent.status()).toBe(202);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/social-accounts/${ig.id}/moderation`)).json()) as { recent: Array<{ status: string }> }).recent.map(
          (r) => r.status,
        ),
      {
        timeout: 15_000,
      },
    )
    .toEqual(['done']);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await page
    .getByRole('button', { name: /^Comment moderation of @/ })
    .first()
    .click();
  await dialog.getByText('“DM me at cheap-likes.shop”').waitFor();
  await dialog.getByText(/Hide because it contains a link · hidden/).waitFor();
  await page.screenshot({ path: process.env.MODERATION_SHOT ?? path.join(screenshotDir, 'comment-moderation.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();
  // Nothing answered the hidden comment: the sandbox outbox is empty.
  expect(await (await page.request.get(`/api/simulator/outbox?accountId=${ig.id}`)).json()).toEqual([]);
});
