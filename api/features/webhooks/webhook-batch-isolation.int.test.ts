import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMetaGraphFake, type MetaGraphFake } from '../../../tests/fakes/meta-graph.fake';
import { messagingWebhook } from '../../../tests/fakes/meta-webhook-payloads';
import { fakePage, seedMetaAccounts } from '../../../tests/support/meta-accounts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

/**
 * One bad event never fails its batch: a DM with a NUL byte or a lone
 * surrogate, which PostgreSQL refuses, used to make the whole signed delivery answer 500 on every
 * redelivery, so the good DMs beside it were never stored.
 */
let t: TestApp;
let fake: MetaGraphFake;
beforeAll(async () => {
  fake = await startMetaGraphFake();
  t = await startTestApp({ env: fake.env });
});
afterAll(async () => {
  await t.stop();
  await fake.stop();
});

const content = async (mid: string) =>
  (await t.app.database.pool.query<{ content: string }>('select content from messages where platform_message_id = $1', [mid])).rows[0]?.content;

it('stores a good DM and its poisoned siblings from one signed Meta batch, and processes the good one normally', async () => {
  const w = await newWorkspaceUser(t.baseUrl);
  const page = fakePage('poison');
  await seedMetaAccounts(t.app.database.pool, w.user.workspaceId, page);
  const dm = (sender: string, mid: string, text: string) => ({ sender, recipient: page.id, message: { mid, text } });
  const batch = messagingWebhook('page', page.id, [
    dm('777000111', 'm_good_in_poison_batch', 'legit message'),
    dm('777000112', 'm_nul', 'bad \u0000 byte'),
    dm('777000113', 'm_surrogate', 'bad \ud800 half'),
  ]);

  const res = await fake.deliverWebhook(`${t.baseUrl}/api/webhooks/facebook/webhook`, batch);
  expect(res.status).toBe(200);
  const { rows } = await t.app.database.pool.query<{ n: number }>(
    "select count(*)::int as n from inbound_events where provider = 'meta' and (event_key like '%m_good_in_poison_batch%' or event_key like '%m_nul%' or event_key like '%m_surrogate%')",
  );
  expect(rows[0]!.n).toBe(3);

  await expect.poll(() => content('m_good_in_poison_batch'), { timeout: 10_000 }).toBe('legit message');
  // The bad characters are stored as U+FFFD, as a UTF-8 decoder would show them.
  await expect.poll(() => content('m_nul'), { timeout: 10_000 }).toBe('bad \ufffd byte');
  await expect.poll(() => content('m_surrogate'), { timeout: 10_000 }).toBe('bad \ufffd half');

  // Meta's redelivery of the same batch is a no-op, not a second failure.
  expect((await fake.deliverWebhook(`${t.baseUrl}/api/webhooks/facebook/webhook`, batch)).status).toBe(200);
  expect(
    (await t.app.database.pool.query("select count(*)::int as n from messages where platform_message_id in ('m_good_in_poison_batch','m_nul','m_surrogate')"))
      .rows[0].n,
  ).toBe(3);
});
