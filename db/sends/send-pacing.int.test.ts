import { afterAll, beforeAll, expect, it } from 'vitest';
import { ingestEvents } from '../inbound/ingest-events';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { newWorkspaceUser } from '../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  // 3,600/hour = one private reply per second after a burst of 10.
  t = await startTestApp({ env: { PRIVATE_REPLIES_PER_HOUR: '3600' } });
});
afterAll(() => t.stop());

it('queues a burst of private replies at the account limit: none dropped, ETA shown, paced sends', async () => {
  const w = await newWorkspaceUser(t.baseUrl);
  await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['win'], responseTemplate: 'You are in, {first_name}!' });
  const now = new Date().toISOString();
  const events = Array.from({ length: 40 }, (_, i) => ({
    provider: 'sandbox' as const,
    eventKey: `burst-${i}`,
    workspaceId: w.user.workspaceId,
    payload: {
      type: 'comment',
      accountId: w.instagram.id,
      postId: w.igPosts[0]!.externalId,
      commentId: `burst-${i}`,
      from: { id: `fan-${i}`, name: `Fan ${i}`, username: `fan${i}` },
      text: 'win win',
      createdAt: now,
    },
  }));
  await ingestEvents(t.app.database.pool, events);

  const { pool } = t.app.database;
  await expect
    .poll(async () => (await pool.query("select count(*)::int as n from outbound_ledger where kind = 'private_reply'")).rows[0].n, { timeout: 15_000 })
    .toBe(40);

  const queue = await w.client.get('/api/comment-rules/queue');
  expect(queue.data.queued).toBeGreaterThanOrEqual(25);
  const eta = new Date(queue.data.eta).getTime();
  // 40 sends, burst 10, then 1/s: the last one is due ~30 s out.
  expect(eta - Date.now()).toBeGreaterThan(20_000);
  expect(eta - Date.now()).toBeLessThan(35_000);
  expect(queue.data.accounts[0]).toMatchObject({ accountId: w.instagram.id, limitPerHour: 3600 });

  // Scheduled slots are spaced by the limit: at most ~11 within any 1-second window.
  const slots = (await pool.query("select scheduled_for from outbound_ledger where kind = 'private_reply' order by scheduled_for")).rows.map(
    (r: { scheduled_for: Date }) => r.scheduled_for.getTime(),
  );
  for (let i = 11; i < slots.length; i++) expect(slots[i]! - slots[i - 11]!).toBeGreaterThanOrEqual(990);

  // The first ones go out now; the rest wait their turn (not dropped, not failed).
  await expect
    .poll(async () => (await pool.query("select count(*)::int as n from sandbox_deliveries where kind = 'private_reply'")).rows[0].n, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(10);
  const failed = (await pool.query("select count(*)::int as n from outbound_ledger where status = 'failed'")).rows[0].n;
  expect(failed).toBe(0);
});
