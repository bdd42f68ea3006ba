import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertKnowledgeEntry } from '../knowledge/write-entries';
import { readMessagesUsed } from './record-usage';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { AI_USER_PER_MINUTE: '1000' } });
});
afterAll(() => t.stop());

const pool = () => t.app.database.pool;
const usageOf = (userId: string) => readMessagesUsed(pool(), userId);

describe('AI answers count against the monthly message limit', () => {
  it('notifies once at 80 % and once at 100 %, never blocks, and the bell lists and marks them', async () => {
    const u = await newWorkspaceUser(t.baseUrl, 'Meter');
    // The free plan's 100 a month (contracts/plans.ts), 77 of them used already.
    const addUsed = (n: number) =>
      pool().query(
        `insert into usage_counts (user_id, month, shard, messages) values ($1, date_trunc('month', now() at time zone 'utc')::date, 15, $2)
                    on conflict (user_id, month, shard) do update set messages = usage_counts.messages + excluded.messages`,
        [u.user.id, n],
      );
    await addUsed(77);
    await insertKnowledgeEntry(pool(), u.user.workspaceId, { kind: 'faq', title: 'Shipping', body: 'We ship everywhere.' });
    const ask = () => u.client.post('/api/kb/chat', { message: 'shipping?' });

    for (let i = 1; i <= 2; i++) expect((await ask()).data.usage).toEqual({ messagesUsed: 77 + i, messageLimit: 100 });
    expect((await u.client.get('/api/notifications')).data).toEqual({ notifications: [], unreadCount: 0 });

    await ask(); // 80 of 100: 80 %
    let bell = (await u.client.get('/api/notifications')).data;
    expect(bell.unreadCount).toBe(1);
    expect(bell.notifications[0]).toMatchObject({ kind: 'usage', title: 'You have used 80 % of this month’s messages', readAt: null, link: '/settings' });

    await addUsed(18);
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200); // 99, 100, 101: past the limit, still answered
    bell = (await u.client.get('/api/notifications')).data;
    expect(bell.notifications.map((n: { title: string }) => n.title)).toEqual([
      'You have used all of this month’s messages',
      'You have used 80 % of this month’s messages',
    ]);
    const month = new Date().toISOString().slice(0, 7);
    const { rows } = await pool().query('select key from notifications where user_id = $1 order by key', [u.user.id]);
    expect(rows.map((r) => r.key)).toEqual([`usage-100:${month}`, `usage-80:${month}`]);

    const read = await u.client.post(`/api/notifications/${bell.notifications[0].id}/read`);
    expect(read.status).toBe(200);
    expect(read.data.unreadCount).toBe(1);

    const other = await newWorkspaceUser(t.baseUrl, 'Nosy');
    expect((await other.client.post(`/api/notifications/${bell.notifications[1].id}/read`)).status).toBe(404);
    expect((await other.client.get('/api/notifications')).data.notifications).toEqual([]);
    expect((await fetch(`${t.baseUrl}/api/notifications`)).status).toBe(401);
  });

  it('starts again from zero in a new month', async () => {
    const u = await newWorkspaceUser(t.baseUrl, 'Month');
    await insertKnowledgeEntry(pool(), u.user.workspaceId, { kind: 'faq', title: 'Hours', body: 'Open 9 to 5.' });
    await pool().query(
      `insert into usage_counts (user_id, month, shard, messages)
       values ($1, (date_trunc('month', now() at time zone 'utc') - interval '1 month')::date, 3, 97)`,
      [u.user.id],
    );
    const res = await u.client.post('/api/kb/chat', { message: 'hours?' });
    expect(res.data.usage.messagesUsed).toBe(1);
    expect((await u.client.get('/api/auth/user')).data.messagesUsed).toBe(1);
    const { rows } = await pool().query(
      `select to_char(month, 'YYYY-MM') as month, sum(messages)::int as n from usage_counts where user_id = $1 group by 1 order by 1`,
      [u.user.id],
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual({ month: new Date().toISOString().slice(0, 7), n: 1 });
    expect(rows[0].n).toBe(97);
  });
});

describe('automated DMs count when they are sent', () => {
  it("counts a comment rule's private reply once, and neither its public reply nor a person's inbox reply", async () => {
    const w = await newWorkspaceUser(t.baseUrl, 'Dm');
    await w.client.post('/api/comment-rules', {
      platform: 'instagram',
      keywords: ['price'],
      responseTemplate: 'Prices: example.com',
      publicReplyTemplate: 'Check your DMs!',
    });
    await w.client.post('/api/simulator/comments', {
      accountId: w.instagram.id,
      postId: w.igPosts[0]!.externalId,
      contact: maya,
      text: 'price?',
      commentId: 'c-meter-1',
    });
    await expect.poll(async () => (await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data.length, { timeout: 10_000 }).toBe(2);
    expect(await usageOf(w.user.id)).toBe(1);

    // A redelivered comment is a no-op: nothing more is sent or counted.
    await w.client.post('/api/simulator/comments', {
      accountId: w.instagram.id,
      postId: w.igPosts[0]!.externalId,
      contact: maya,
      text: 'price?',
      commentId: 'c-meter-1',
    });

    const conv = (await w.client.get('/api/conversations')).data.conversations[0];
    await w.client.post(`/api/conversations/${conv.id}/messages`, { content: 'Anything else?' });
    await expect.poll(async () => (await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data.length, { timeout: 10_000 }).toBe(3);
    await new Promise((r) => setTimeout(r, 300));
    expect(await usageOf(w.user.id)).toBe(1);
  });
});
