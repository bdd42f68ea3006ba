import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPushService } from '../../../tests/support/push-service';
import { inviteNewMember } from '../../../tests/support/team';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../../tests/support/workspace';

/**
 * Web Push end to end (ADR 0045): a device subscribes over the API, an assignment, a mention and a
 * DM in a conversation assigned to the member queue `push.notify`, the app's own worker posts to a
 * local stand-in push service (HTTPS), and the stand-in decrypts each body with the device's
 * private key (RFC 8291) as a browser would.
 */
let t: TestApp;
let push: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  push = await startPushService();
  t = await startTestApp({ pushAgent: push.agent });
});
afterAll(async () => {
  await t?.stop();
  await push?.close();
});

const pushesTo = (device: string) => push.received.filter((p) => p.device === device);

it('tells a member’s device about an assignment, a mention and a new DM in Mine, and nothing else', async () => {
  const owner = await newWorkspaceUser(t.baseUrl, 'Olivia');
  const ada = await inviteNewMember(t.baseUrl, owner.client, 'agent', 'Ada');
  const phone = push.device('ada-phone');
  expect((await ada.client.post('/api/push/subscriptions', phone.subscription)).status).toBe(201);
  expect((await ada.client.get(`/api/push/subscriptions?endpoint=${encodeURIComponent(phone.endpoint)}`)).data).toEqual({ subscribed: true });
  const { publicKey } = (await ada.client.get('/api/push/public-key')).data as { publicKey: string };
  expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

  await owner.client.post('/api/simulator/messages', { accountId: owner.messenger.id, contact: maya, text: 'Where is my order?' });
  await expect.poll(async () => (await owner.client.get('/api/conversations')).data.conversations.length, { timeout: 10_000 }).toBe(1);
  const conv = (await owner.client.get('/api/conversations')).data.conversations[0];
  // An unassigned conversation's DM tells nobody.
  expect(pushesTo('ada-phone')).toEqual([]);

  // Assigned by the owner: Ada's phone hears of it, signed with our VAPID key (RFC 8292).
  expect((await owner.client.request('PATCH', `/api/conversations/${conv.id}`, { json: { assigneeId: ada.userId } })).status).toBe(200);
  await expect.poll(() => pushesTo('ada-phone').length, { timeout: 10_000 }).toBe(1);
  const assigned = pushesTo('ada-phone')[0]!;
  expect(assigned.payload).toEqual({
    title: 'Olivia Test assigned you Maya Chen',
    body: 'Where is my order?',
    url: `/inbox?c=${conv.id}&workspace=${owner.user.workspaceId}`,
    tag: `conversation:${conv.id}`,
  });
  expect(assigned.headers['authorization']).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
  expect(assigned.headers['content-encoding']).toBe('aes128gcm');
  expect(assigned.headers['ttl']).toBe('3600');

  // A note that mentions her.
  await owner.client.post(`/api/conversations/${conv.id}/notes`, { content: '@ada she ordered on Monday' });
  await expect.poll(() => pushesTo('ada-phone').length, { timeout: 10_000 }).toBe(2);
  expect(pushesTo('ada-phone')[1]!.payload).toMatchObject({ title: 'Olivia Test mentioned you', body: '@ada she ordered on Monday' });

  // A new DM in a conversation assigned to her (Mine).
  await owner.client.post('/api/simulator/messages', { accountId: owner.messenger.id, contact: maya, text: 'Any news?' });
  await expect.poll(() => pushesTo('ada-phone').length, { timeout: 10_000 }).toBe(3);
  expect(pushesTo('ada-phone')[2]!.payload).toMatchObject({
    title: 'Maya Chen',
    body: 'Any news?',
    url: `/inbox?c=${conv.id}&workspace=${owner.user.workspaceId}`,
  });

  // Assigning to oneself tells no device; unsubscribing stops the pushes.
  const ownerPhone = push.device('olivia-phone');
  await owner.client.post('/api/push/subscriptions', ownerPhone.subscription);
  await owner.client.request('PATCH', `/api/conversations/${conv.id}`, { json: { assigneeId: owner.user.id } });
  expect((await ada.client.request('DELETE', '/api/push/subscriptions', { json: { endpoint: phone.endpoint } })).data).toEqual({ subscribed: false });
  await owner.client.request('PATCH', `/api/conversations/${conv.id}`, { json: { assigneeId: ada.userId } });
  await owner.client.post('/api/simulator/messages', { accountId: owner.messenger.id, contact: maya, text: 'Hello?' });
  await expect.poll(async () => (await owner.client.get(`/api/conversations/${conv.id}`)).data.lastMessage, { timeout: 10_000 }).toBe('Hello?');
  await expect
    .poll(async () => (await t.app.database.pool.query("select count(*)::int as n from graphile_worker.jobs where task_identifier = 'push.notify'")).rows[0].n)
    .toBe(0);
  expect(pushesTo('ada-phone')).toHaveLength(3);
  expect(pushesTo('olivia-phone')).toEqual([]);
});

it('deletes a subscription the push service says is gone (410), and refuses bad input', async () => {
  const owner = await newWorkspaceUser(t.baseUrl, 'Olga');
  const ben = await inviteNewMember(t.baseUrl, owner.client, 'agent', 'Ben');
  const old = push.device('ben-old-laptop', 410);
  await ben.client.post('/api/push/subscriptions', old.subscription);
  await owner.client.post('/api/simulator/messages', { accountId: owner.messenger.id, contact: maya, text: 'Hi' });
  await expect.poll(async () => (await owner.client.get('/api/conversations')).data.conversations.length, { timeout: 10_000 }).toBe(1);
  const conv = (await owner.client.get('/api/conversations')).data.conversations[0];
  await owner.client.post('/api/conversations/assign', { conversationIds: [conv.id], assigneeId: ben.userId });
  await expect
    .poll(async () => (await t.app.database.pool.query('select count(*)::int as n from push_subscriptions where endpoint = $1', [old.endpoint])).rows[0].n, {
      timeout: 10_000,
    })
    .toBe(0);

  const bad = await ben.client.post('/api/push/subscriptions', { endpoint: 'not a url', keys: { p256dh: 'x', auth: 'y' } });
  expect(bad.status).toBe(400);
  expect(bad.data.details.map((d: { path: string }) => d.path).sort()).toEqual(['endpoint', 'keys.auth', 'keys.p256dh']);
  // Signed out: 401.
  expect((await fetch(`${t.baseUrl}/api/push/public-key`)).status).toBe(401);
});
