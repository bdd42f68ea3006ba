import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTypes } from '../../../contracts/event-webhooks';
import { edge, keywordTrigger, node, publishFlow } from '../../../tests/support/flows';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { startWebhookSink } from '../../../tests/support/webhook-sink';
import { maya, newWorkspaceUser } from '../../../tests/support/workspace';

/**
 * Every event type arrives at a subscription to all ten, signed (verified with `standardwebhooks` by
 * tests/support/webhook-sink.ts), each made by the real path that makes its fact: the inbound
 * pipeline, the send pump, a flow run (tag, DM, conversion; a failing webhook step), the leads
 * routes and the v1 API.
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

type Event = { type: string; data: Record<string, unknown> };
const events = () => sink.received.map((r) => r.payload as Event);
const ofType = (type: string) => events().filter((e) => e.type === type);

describe('event webhooks: all ten events', () => {
  it('each event type is emitted by the transaction that makes its fact, signed', { timeout: 60_000 }, async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const created = await w.client.post('/api/event-webhooks', { url: sink.url, events: [...eventTypes] });
    expect(created.status).toBe(201);
    sink.secrets.push(created.data.secret as string);

    await publishFlow(w.client, {
      nodes: [
        keywordTrigger(['hello']),
        node('2', 'addTag', { tag: 'vip' }),
        node('3', 'instagramDM', { text: 'Hi there' }),
        node('4', 'trackConversion', { amountCents: 1500, currency: 'USD' }),
      ],
      edges: [edge('1', '2'), edge('2', '3'), edge('3', '4')],
    });
    await publishFlow(
      w.client,
      {
        nodes: [keywordTrigger(['broken']), node('2', 'webhook', { method: 'GET', url: 'http://127.0.0.1:1/nothing', headers: [], body: '' })],
        edges: [edge('1', '2')],
      },
      'Failing flow',
    );
    expect((await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: maya, text: 'hello' })).status).toBe(202);
    const sam = { ...maya, externalUserId: 'sim-sam', name: 'Sam', username: 'sam' };
    expect((await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: sam, text: 'broken' })).status).toBe(202);
    const post = w.igPosts[0]!;
    const comment = { accountId: w.instagram.id, postId: post.externalId, contact: maya, text: 'Nice!', commentId: 'c-all-1' };
    expect((await w.client.post('/api/simulator/comments', comment)).status).toBe(202);

    const lead = await w.client.post('/api/leads', { name: 'Ana', email: 'ana@example.com' });
    expect(lead.status).toBe(201);
    expect((await w.client.request('PATCH', `/api/leads/${lead.data.id}`, { json: { status: 'qualified' } })).status).toBe(200);

    await expect.poll(() => [...new Set(events().map((e) => e.type))].sort(), { timeout: 20_000 }).toEqual([...eventTypes].sort());
    expect(sink.received.every((r) => r.verified)).toBe(true);

    expect(ofType('contact.tagged')[0]!.data).toMatchObject({ added: ['vip'], tags: ['vip'] });
    expect(ofType('message.sent')[0]!.data).toMatchObject({ text: 'Hi there', kind: 'dm' });
    expect(ofType('conversion.created')[0]!.data).toMatchObject({ amountCents: 1500, source: 'flow' });
    expect(ofType('run.completed')).toHaveLength(1);
    expect(ofType('run.failed')).toHaveLength(1);
    expect(ofType('lead.created').map((e) => e.data.name)).toContain('Ana');
    expect(ofType('lead.updated')[0]!.data).toMatchObject({ name: 'Ana', status: 'qualified' });
  });
});
