import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

function collect(cookie: string) {
  const ws = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/ws`, { headers: { cookie } });
  const events: { type: string; event?: { type: string; conversationId?: string } }[] = [];
  ws.on('message', (d) => events.push(JSON.parse(d.toString())));
  return new Promise<{ ws: WebSocket; events: typeof events }>((resolve) => ws.once('open', () => resolve({ ws, events })));
}

it("pushes a workspace's inbox events to its own browsers only", async () => {
  const alice = await newWorkspaceUser(t.baseUrl, 'Alice');
  const bob = await newWorkspaceUser(t.baseUrl, 'Bob');
  const a = await collect(alice.client.cookieHeader);
  const b = await collect(bob.client.cookieHeader);

  await alice.client.post('/api/simulator/messages', { accountId: alice.messenger.id, contact: maya, text: 'live?' });
  await expect.poll(() => a.events.filter((e) => e.type === 'event').map((e) => e.event?.type), { timeout: 10_000 }).toContain('message.created');

  const conv = (await alice.client.get('/api/conversations')).data.conversations[0];
  await alice.client.post(`/api/conversations/${conv.id}/messages`, { content: 'yes, live' });
  await expect.poll(() => a.events.filter((e) => e.event?.type === 'outbox.delivered').length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(a.events.find((e) => e.event?.type === 'message.updated')?.event?.conversationId).toBe(conv.id);

  expect(b.events.filter((e) => e.type === 'event')).toEqual([]);
  a.ws.close();
  b.ws.close();
});
