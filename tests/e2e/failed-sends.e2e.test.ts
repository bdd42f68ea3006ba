import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FailedSendsList } from '../../contracts/failed-sends';
import { startMetaGraphFake, type MetaGraphFake } from '../fakes/meta-graph.fake';
import { igCommentsWebhook } from '../fakes/meta-webhook-payloads';
import { fakePage, seedMetaAccounts } from '../support/meta-accounts';
import { startE2E, type E2E } from './harness';

// Failed sends E2E: a messaging permission removed at the Meta fake makes a rule's private replies
// fail; /failed-sends lists them with the reason; the permission comes back (reconnect); bulk retry
// delivers each once. Then two uncertain sends (F23): Retry asks first for the one Meta cannot confirm.

let e2e: E2E;
let fake: MetaGraphFake;
beforeAll(async () => {
  fake = await startMetaGraphFake();
  e2e = await startE2E({ env: { ...fake.env, PRIVATE_REPLIES_PER_HOUR: '1000000' } });
});
afterAll(async () => {
  await e2e?.stop();
  await fake?.stop();
});

const failedApi = async (page: Page) => (await (await page.request.get('/api/failed-sends')).json()) as FailedSendsList;

describe('/failed-sends', () => {
  it('permission removed → sends fail → listed with the reason → reconnect → bulk retry → delivered once', async () => {
    const page = await e2e.newPage();
    const email = `failed-e2e-${Date.now()}@example.com`;
    const reg = await page.request.post('/api/auth/register', { data: { firstName: 'Fay', lastName: 'Fails', email, password: 'secret12' } });
    expect(reg.status()).toBe(201);
    const pool = e2e.app.app.database.pool;
    const { rows } = await pool.query<{ workspace_id: string }>('select workspace_id from users where email = $1', [email]);
    const shop = fakePage('failshop');
    fake.addPage(shop);
    await seedMetaAccounts(pool, rows[0]!.workspace_id, shop);
    expect(
      (await page.request.post('/api/comment-rules', { data: { platform: 'instagram', keywords: ['price'], responseTemplate: 'It is 20 EUR' } })).status(),
    ).toBe(201);

    fake.removePermission(shop.id, 'instagram_manage_messages');
    const hook = `${e2e.baseUrl}/api/webhooks/facebook/webhook`;
    const comments = ['c-fail-1', 'c-fail-2', 'c-fail-3'];
    for (const [i, id] of comments.entries()) {
      await fake.deliverWebhook(
        hook,
        igCommentsWebhook(shop.instagram!.id, [{ id, text: 'price?', from: { id: `igsid-f${i}`, username: `buyer${i}` }, mediaId: 'm1' }]),
      );
    }
    await expect.poll(async () => (await failedApi(page)).total, { timeout: 15_000 }).toBe(3);

    await page.goto('/dashboard');
    await expect.poll(async () => (await page.getByTestId('today-failed-sends').textContent()) ?? '', { timeout: 15_000 }).toContain('3');
    await e2e.screenshot(page, 'failed-sends-dashboard-tile');

    await page.goto('/failed-sends');
    await page.getByRole('cell', { name: /^buyer0 Private reply/ }).waitFor();
    expect(await page.getByText('Permission removed').count()).toBeGreaterThan(0);
    await e2e.screenshot(page, 'failed-sends-listed');

    fake.restorePermission(shop.id, 'instagram_manage_messages');
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: /^Retry/ }).click();
    await page.getByRole('status').filter({ hasText: '3 queued for a new attempt' }).waitFor();
    await expect.poll(() => fake.sends.filter((s) => comments.includes(s.recipient)).length, { timeout: 15_000 }).toBe(3);
    await page.getByText('Nothing failed').waitFor();
    await e2e.screenshot(page, 'failed-sends-after-retry');
    for (const id of comments) expect(fake.sends.filter((s) => s.recipient === id)).toHaveLength(1);
    const ledger = await pool.query<{ n: number }>(`select count(*)::int as n from outbound_ledger where retry_of is not null and status = 'sent'`);
    expect(ledger.rows[0]!.n).toBeGreaterThanOrEqual(3);

    // F23: two sends left uncertain by a crash, checked with Meta: one "not found" (safe), one the
    // platform cannot confirm. Retry asks first, counting the one that may be sent twice.
    await pool.query(
      `insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text, status, failure_reason, error, delivery_check, delivery_check_note)
       select a.workspace_id, a.id, 'e2e-risk:' || c.n, 'private_reply', 'c-fail-' || c.n, 'It is 20 EUR', 'failed', 'uncertain',
              'Delivery uncertain after a worker crash; not resent to avoid a duplicate', c.verdict, c.note
       from social_accounts a,
            (values (1, 'not_found', 'Checked with Meta: the message is not in the conversation, so a retry sends it once'),
                    (2, 'cannot_confirm', 'Meta cannot confirm: the conversation has more messages since the send than can be read back')) c(n, verdict, note)
       where a.workspace_id = $1 and a.platform = 'instagram' and a.provider = 'meta'`,
      [rows[0]!.workspace_id],
    );
    await page.reload();
    await page.getByText('The platform cannot confirm whether it arrived — a retry may send it twice').waitFor();
    await page.getByText('Checked with the platform: not delivered — safe to retry').waitFor();
    await e2e.screenshot(page, 'failed-sends-uncertain-checked');
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: /^Retry/ }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('1 of the 2 selected messages may already have been delivered; retrying may send it twice.').waitFor();
    await e2e.screenshot(page, 'failed-sends-retry-duplicate-risk');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(
      (
        await pool.query(
          `select 1 from outbound_ledger where idempotency_key like 'retry:%' and retry_of in (select id from outbound_ledger where idempotency_key like 'e2e-risk:%')`,
        )
      ).rowCount,
    ).toBe(0);
    await page.getByRole('button', { name: /^Retry/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Retry anyway' }).click();
    await page.getByRole('status').filter({ hasText: '2 queued for a new attempt' }).waitFor();
  });
});
