import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

it("another workspace's conversation, message, rule and sandbox account ids answer 404 on every route", async () => {
  const alice = await newWorkspaceUser(t.baseUrl, 'Alice');
  const mallory = await newWorkspaceUser(t.baseUrl, 'Mallory');

  const rule = (await alice.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['hi'], responseTemplate: 'hello' })).data;
  await alice.client.post('/api/simulator/messages', { accountId: alice.messenger.id, contact: maya, text: 'private to alice' });
  await expect.poll(async () => (await alice.client.get('/api/conversations')).data.conversations.length, { timeout: 10_000 }).toBe(1);
  const conv = (await alice.client.get('/api/conversations')).data.conversations[0];

  const m = mallory.client;
  const attempts = [
    await m.get(`/api/conversations/${conv.id}`),
    await m.get(`/api/conversations/${conv.id}/messages`),
    await m.post(`/api/conversations/${conv.id}/messages`, { content: 'hijack' }),
    await m.request('PATCH', `/api/conversations/${conv.id}`, { json: { status: 'closed' } }),
    await m.request('PATCH', `/api/comment-rules/${rule.id}`, { json: { isActive: false } }),
    await m.request('DELETE', `/api/comment-rules/${rule.id}`),
    await m.post('/api/simulator/messages', { accountId: alice.messenger.id, contact: maya, text: 'spoof' }),
    await m.post('/api/simulator/comments', { accountId: alice.instagram.id, postId: alice.igPosts[0]!.externalId, contact: maya, text: 'spoof' }),
  ];
  expect(attempts.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);

  // Mallory's own lists never show Alice's data.
  expect((await m.get('/api/conversations')).data.conversations).toEqual([]);
  expect((await m.get('/api/comment-rules')).data).toEqual([]);
  expect((await m.get(`/api/simulator/outbox?accountId=${alice.messenger.id}`)).data).toEqual([]);
  const accounts = (await m.get('/api/social-accounts')).data.map((a: { id: string }) => a.id);
  expect(accounts).not.toContain(alice.messenger.id);

  // And nothing changed on Alice's side.
  const after = (await alice.client.get(`/api/conversations/${conv.id}`)).data;
  expect(after.status).toBe('open');
  expect((await alice.client.get(`/api/conversations/${conv.id}/messages`)).data.messages).toHaveLength(1);
  expect((await alice.client.get('/api/comment-rules')).data[0].isActive).toBe(true);
});

it('signed-out requests to messaging routes answer 401', async () => {
  const res = await fetch(`${t.baseUrl}/api/conversations`);
  expect(res.status).toBe(401);
  expect((await fetch(`${t.baseUrl}/api/simulator`)).status).toBe(401);
});
