import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteNewMember } from '../../../tests/support/team';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { startWebhookSink } from '../../../tests/support/webhook-sink';
import { maya, newWorkspaceUser } from '../../../tests/support/workspace';

/**
 * Event webhooks end to end: a subscription made at /api/event-webhooks, a DM and a comment through
 * the simulator (the real inbound pipeline and worker), and a local receiver that verifies each
 * delivery with the `standardwebhooks` library, as a receiver would.
 */
let t: TestApp;
let sink: Awaited<ReturnType<typeof startWebhookSink>>;
beforeAll(async () => {
  sink = await startWebhookSink();
  t = await startTestApp({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true' } });
});
afterAll(async () => {
  await t.stop();
  await sink.close();
});

describe('/api/event-webhooks', () => {
  it('a DM and a comment arrive at the subscribed URL signed, once each, with the contact made by the first', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const created = await w.client.post('/api/event-webhooks', {
      url: sink.url,
      events: ['message.received', 'comment.received', 'contact.created'],
      description: 'CRM',
    });
    expect(created.status).toBe(201);
    expect(created.data.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    sink.secrets.push(created.data.secret as string);
    const id = created.data.id as string;
    // The secret is answered once: never by a read.
    const read = await w.client.get(`/api/event-webhooks/${id}`);
    expect(read.status).toBe(200);
    expect(read.data.secret).toBeUndefined();
    expect((await w.client.get('/api/event-webhooks')).data.webhooks).toHaveLength(1);

    expect((await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: maya, text: 'Hello there' })).status).toBe(202);
    const post = w.igPosts[0]!;
    const comment = {
      accountId: w.instagram.id,
      postId: post.externalId,
      contact: { ...maya, externalUserId: 'sim-sam', name: 'Sam' },
      text: 'Nice!',
      commentId: 'c-hooks-1',
    };
    expect((await w.client.post('/api/simulator/comments', comment)).status).toBe(202);

    const types = () => sink.received.map((r) => (r.payload as { type: string }).type).sort();
    await expect.poll(types, { timeout: 15_000 }).toEqual(['comment.received', 'contact.created', 'contact.created', 'message.received']);
    expect(sink.received.every((r) => r.verified)).toBe(true);
    const dm = sink.received.find((r) => (r.payload as { type: string }).type === 'message.received')!;
    expect(dm.payload).toMatchObject({ data: { text: 'Hello there', contact: { name: 'Maya Chen', username: 'maya.creates', platform: 'instagram' } } });

    // The delivery log, with the receiver's status codes.
    const log = await w.client.get(`/api/event-webhooks/${id}/deliveries`);
    expect(log.status).toBe(200);
    expect(log.data.deliveries).toHaveLength(4);
    expect(log.data.deliveries.every((d: { status: string; lastStatusCode: number }) => d.status === 'delivered' && d.lastStatusCode === 200)).toBe(true);

    // Replay: the same webhook-id again.
    const first = log.data.deliveries[0] as { id: string; eventId: string };
    expect((await w.client.post(`/api/event-webhooks/${id}/deliveries/${first.id}/replay`, {})).status).toBe(200);
    await expect.poll(() => sink.received.length, { timeout: 15_000 }).toBe(5);
    expect(sink.received.at(-1)!.id).toBe(first.eventId);

    // A second comment by the same person: no second contact.created.
    expect((await w.client.post('/api/simulator/comments', { ...comment, commentId: 'c-hooks-2', text: 'Again' })).status).toBe(202);
    await expect.poll(() => sink.received.length, { timeout: 15_000 }).toBe(6);
    expect((sink.received.at(-1)!.payload as { type: string }).type).toBe('comment.received');
  });

  it('bad input is a 400 naming the field; another workspace gets 404; an editor gets 403', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const bad = await w.client.post('/api/event-webhooks', { url: 'ftp://x', events: ['message.exploded'] });
    expect(bad.status).toBe(400);
    expect(bad.data.details.map((d: { path: string }) => d.path).sort()).toEqual(['events.0', 'url']);
    const priv = await w.client.post('/api/event-webhooks', { url: 'http://192.168.1.20/hook', events: ['lead.created'] });
    expect(priv.status).toBe(400);
    expect(priv.data.error).toMatch(/private or loopback/);

    const mine = await w.client.post('/api/event-webhooks', { url: sink.url, events: ['lead.created'] });
    expect(mine.status).toBe(201);
    const other = await newWorkspaceUser(t.baseUrl, 'Other');
    for (const [method, path] of [
      ['get', `/api/event-webhooks/${mine.data.id}`],
      ['delete', `/api/event-webhooks/${mine.data.id}`],
      ['post', `/api/event-webhooks/${mine.data.id}/rotate-secret`],
      ['get', `/api/event-webhooks/${mine.data.id}/deliveries`],
    ] as const) {
      const res = method === 'post' ? await other.client.post(path, {}) : await other.client.request(method.toUpperCase(), path);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const editor = await inviteNewMember(t.baseUrl, w.client, 'editor');
    const denied = await editor.client.get('/api/event-webhooks');
    expect(denied.status).toBe(403);

    const patched = await w.client.request('PATCH', `/api/event-webhooks/${mine.data.id}`, {
      json: { events: ['lead.created', 'lead.updated'], enabled: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.data).toMatchObject({ events: ['lead.created', 'lead.updated'], enabled: false, disabledReason: 'Disabled by a member' });
    const rotated = await w.client.post(`/api/event-webhooks/${mine.data.id}/rotate-secret`, {});
    expect(rotated.data.secret).toMatch(/^whsec_/);
    expect(rotated.data.secret).not.toBe(mine.data.secret);
    expect((await w.client.request('DELETE', `/api/event-webhooks/${mine.data.id}`)).status).toBe(204);
    expect((await w.client.get(`/api/event-webhooks/${mine.data.id}`)).status).toBe(404);
  });
});
