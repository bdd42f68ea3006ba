import { afterAll, beforeAll, expect, it } from 'vitest';
import { inviteNewMember } from '../../../tests/support/team';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../../tests/support/workspace';
import { mentionedTokens } from '../../../db/inbox/add-note';

// Internal notes: stored in the thread, never sent (no send ledger row), `@name` rings that member's bell.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

it('finds @mentions by first name or email name, not in email addresses', () => {
  expect(mentionedTokens('@Ada can you check? cc @ben.hill, thanks')).toEqual(['ada', 'ben.hill']);
  expect(mentionedTokens('write to maya@example.com')).toEqual([]);
});

it('a note is in the thread, never sent, and notifies the member it mentions', async () => {
  const owner = await newWorkspaceUser(t.baseUrl, 'Olivia');
  const ada = await inviteNewMember(t.baseUrl, owner.client, 'agent', 'Ada');
  const viewer = await inviteNewMember(t.baseUrl, owner.client, 'viewer', 'Vic');
  const mallory = await newWorkspaceUser(t.baseUrl, 'Mallory');
  await owner.client.post('/api/simulator/messages', { accountId: owner.messenger.id, contact: maya, text: 'Where is my order?' });
  await expect.poll(async () => (await owner.client.get('/api/conversations')).data.conversations.length, { timeout: 10_000 }).toBe(1);
  const conv = (await owner.client.get('/api/conversations')).data.conversations[0];
  const ledgerBefore = (await t.app.database.pool.query('select count(*)::int as n from outbound_ledger where workspace_id = $1', [owner.user.workspaceId]))
    .rows[0].n;

  const res = await owner.client.post(`/api/conversations/${conv.id}/notes`, { content: '@ada she ordered on Monday, please check the tracking' });
  expect(res.status).toBe(201);
  expect(res.data.note).toMatchObject({ direction: 'note', source: 'note', status: 'sent', authorId: owner.user.id, isFromUser: false });
  expect(res.data.mentioned).toEqual([ada.userId]);

  // In the thread, after the customer's message; the list's preview is still the customer's.
  const thread = (await owner.client.get(`/api/conversations/${conv.id}/messages`)).data.messages;
  expect(thread.map((m: { direction: string }) => m.direction)).toEqual(['inbound', 'note']);
  expect((await owner.client.get(`/api/conversations/${conv.id}`)).data.lastMessage).toBe('Where is my order?');
  // Never sent: no ledger row, nothing in the simulator's outbox.
  const ledgerAfter = (await t.app.database.pool.query('select count(*)::int as n from outbound_ledger where workspace_id = $1', [owner.user.workspaceId]))
    .rows[0].n;
  expect(ledgerAfter).toBe(ledgerBefore);
  expect((await owner.client.get(`/api/simulator/outbox?accountId=${owner.messenger.id}`)).data).toEqual([]);

  // Ada's bell, linking to the thread; nobody else's.
  const bell = (await ada.client.get('/api/notifications')).data;
  expect(bell.notifications[0]).toMatchObject({ kind: 'mention', title: 'Olivia Test mentioned you in a note', link: `/inbox?c=${conv.id}` });
  expect((await owner.client.get('/api/notifications')).data.notifications.filter((n: { kind: string }) => n.kind === 'mention')).toEqual([]);

  // Viewers may not write notes; another workspace's conversation is 404; an empty note is 400.
  expect((await viewer.client.post(`/api/conversations/${conv.id}/notes`, { content: 'hi' })).status).toBe(403);
  expect((await mallory.client.post(`/api/conversations/${conv.id}/notes`, { content: 'hi' })).status).toBe(404);
  const empty = await owner.client.post(`/api/conversations/${conv.id}/notes`, { content: '  ' });
  expect(empty.status).toBe(400);
  expect(empty.data.details[0].path).toBe('content');
});
