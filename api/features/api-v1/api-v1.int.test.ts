import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContacts } from '../../../tests/support/contacts';
import { inviteNewMember } from '../../../tests/support/team';
import { edge, keywordTrigger, node, publishFlow, runsOf } from '../../../tests/support/flows';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { startWebhookSink } from '../../../tests/support/webhook-sink';
import { conversationWithMaya, makeApiKey, newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { API_KEY_REQUESTS_PER_MINUTE: '40', WEBHOOK_ALLOW_LOOPBACK: 'true' } });
});
afterAll(() => t.stop());

type Workspace = Awaited<ReturnType<typeof newWorkspaceUser>>;

/** An integration's server: only the key, no cookie, no Origin. */
async function v1(key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.baseUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, data: text ? JSON.parse(text) : null };
}

const makeKey = (w: Workspace, scopes: string[]) => makeApiKey(w, scopes);

describe('/api/v1', () => {
  it('contacts: list pages by cursor, q searches, PATCH changes fields and tags, tags lists them; another workspace’s id is 404', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    await seedContacts(t.app.database.pool, { workspaceId: w.user.workspaceId, accountId: w.instagram.id, prefix: 'fan', count: 25, lastInboundHoursAgo: 1 });
    const key = await makeKey(w, ['contacts:read', 'contacts:write', 'tags:read']);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await v1(key, 'GET', `/contacts?limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.data.data.map((c: { id: string }) => c.id));
      cursor = page.data.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(25);
    expect((await v1(key, 'GET', '/contacts?cursor=bm9wZQ')).status).toBe(400);

    const found = await v1(key, 'GET', '/contacts?q=fan 17');
    expect(found.data.data.map((c: { name: string }) => c.name)).toEqual(['Fan fan 17']);
    const id = found.data.data[0].id as string;
    const patched = await v1(key, 'PATCH', `/contacts/${id}`, { name: 'Ana', customFields: { plan: 'pro' }, addTags: ['vip', 'lisbon'] });
    expect(patched.status).toBe(200);
    expect(patched.data).toMatchObject({ id, name: 'Ana', customFields: { plan: 'pro' }, tags: ['lisbon', 'vip'] });
    expect((await v1(key, 'PATCH', `/contacts/${id}`, { removeTags: ['lisbon'], customFields: { plan: null } })).data).toMatchObject({
      tags: ['vip'],
      customFields: {},
    });
    expect((await v1(key, 'GET', '/tags')).data).toEqual({ data: [{ name: 'vip', contacts: 1 }] });
    expect((await v1(key, 'GET', '/contacts?tag=vip')).data.data.map((c: { id: string }) => c.id)).toEqual([id]);
    expect((await v1(key, 'PATCH', `/contacts/${id}`, {})).status).toBe(400);

    const other = await newWorkspaceUser(t.baseUrl);
    const otherKey = await makeKey(other, ['contacts:read', 'contacts:write']);
    expect((await v1(otherKey, 'GET', `/contacts/${id}`)).status).toBe(404);
    expect((await v1(otherKey, 'PATCH', `/contacts/${id}`, { name: 'Stolen' })).status).toBe(404);
    expect((await v1(otherKey, 'GET', '/contacts')).data.data).toEqual([]);
    expect((await v1(key, 'GET', `/contacts/${id}`)).data.name).toBe('Ana');
  });

  it('every route refuses a key without its scope with 403 naming the scope; no key is 401', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const key = await makeKey(w, ['analytics:read']);
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: [string, string, string, unknown?][] = [
      ['GET', '/contacts', 'contacts:read'],
      ['GET', `/contacts/${id}`, 'contacts:read'],
      ['PATCH', `/contacts/${id}`, 'contacts:write', { name: 'x' }],
      ['GET', '/tags', 'tags:read'],
      ['GET', '/conversations', 'conversations:read'],
      ['GET', `/conversations/${id}/messages`, 'messages:read'],
      ['POST', `/conversations/${id}/messages`, 'messages:write', { content: 'hi' }],
      ['GET', '/flows', 'flows:read'],
      ['POST', `/flows/${id}/runs`, 'flows:write', { contactId: id }],
      ['GET', '/leads', 'leads:read'],
      ['GET', `/leads/${id}`, 'leads:read'],
      ['GET', '/conversions', 'conversions:read'],
      ['POST', '/conversions', 'conversions:write', { amountCents: 1, idempotencyKey: 'a' }],
      ['GET', '/broadcasts', 'broadcasts:read'],
      ['GET', `/broadcasts/${id}`, 'broadcasts:read'],
      ['GET', '/knowledge', 'knowledge:read'],
      ['POST', '/knowledge', 'knowledge:write', { kind: 'faq', question: 'q', answer: 'a' }],
      ['GET', '/webhooks', 'webhooks:read'],
      ['POST', '/webhooks', 'webhooks:write', { url: 'https://example.com/h', events: ['message.sent'] }],
      ['GET', `/webhooks/${id}`, 'webhooks:read'],
      ['PATCH', `/webhooks/${id}`, 'webhooks:write', { enabled: false }],
      ['DELETE', `/webhooks/${id}`, 'webhooks:write'],
      ['POST', `/webhooks/${id}/rotate-secret`, 'webhooks:write'],
      ['GET', `/webhooks/${id}/deliveries`, 'webhooks:read'],
      ['POST', `/webhooks/${id}/deliveries/${id}/replay`, 'webhooks:write'],
    ];
    for (const [method, path, scope, body] of calls) {
      const res = await v1(key, method, path, body);
      expect([method, path, res.status, res.data.error, res.data.details]).toEqual([method, path, 403, `This API key lacks the scope ${scope}`, { scope }]);
    }
    expect((await fetch(`${t.baseUrl}/api/v1/contacts`)).status).toBe(401);
  });

  it('a reply goes through the inbox reply (ledger, takeover); the same Idempotency-Key twice is one ledger row and the same answer', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const conversationId = await conversationWithMaya(w);
    const key = await makeKey(w, ['messages:read', 'messages:write', 'conversations:read']);
    expect((await v1(key, 'GET', '/conversations')).data.data.map((c: { id: string }) => c.id)).toEqual([conversationId]);

    const send = () => v1(key, 'POST', `/conversations/${conversationId}/messages`, { content: 'Yes, in 3 days.' }, { 'idempotency-key': 'order-42-reply' });
    const [a, b] = await Promise.all([send(), send()]);
    const c = await send();
    expect(a.status).toBe(201);
    expect(b).toMatchObject({ status: 201, data: a.data });
    expect(c).toMatchObject({ status: 201, data: a.data });
    const pool = t.app.database.pool;
    const ledger = await pool.query(`select count(*)::int as n from outbound_ledger where workspace_id = $1 and idempotency_key like 'inbox:%'`, [
      w.user.workspaceId,
    ]);
    expect(ledger.rows[0].n).toBe(1);
    // The same key for another request is refused, not replayed.
    expect((await v1(key, 'POST', `/conversations/${conversationId}/messages`, { content: 'Other' }, { 'idempotency-key': 'order-42-reply' })).status).toBe(
      409,
    );
    // As a reply from the inbox, it takes the conversation over from automation.
    const paused = await pool.query('select automation_paused_until is not null as paused from contacts where workspace_id = $1', [w.user.workspaceId]);
    expect(paused.rows[0].paused).toBe(true);
    const thread = await v1(key, 'GET', `/conversations/${conversationId}/messages`);
    expect(thread.data.data.map((m: { content: string }) => m.content)).toEqual(['Do you ship to Lisbon?', 'Yes, in 3 days.']);

    const other = await newWorkspaceUser(t.baseUrl);
    const otherKey = await makeKey(other, ['messages:read', 'messages:write']);
    expect((await v1(otherKey, 'POST', `/conversations/${conversationId}/messages`, { content: 'x' })).status).toBe(404);
    expect((await v1(otherKey, 'GET', `/conversations/${conversationId}/messages`)).status).toBe(404);
  });

  it('leads, conversions, flows, broadcasts and knowledge answer from the app’s own functions; an agent’s key cannot write knowledge', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const key = await makeKey(w, ['leads:read', 'conversions:write', 'flows:read', 'broadcasts:read', 'knowledge:read', 'knowledge:write']);
    const { data: lead } = await w.client.post('/api/leads', { name: 'Ann', email: 'ann@example.com' });
    expect((await v1(key, 'GET', '/leads')).data).toMatchObject({ data: [{ id: lead.id, name: 'Ann' }], nextCursor: null });
    expect((await v1(key, 'GET', `/leads/${lead.id}`)).data.id).toBe(lead.id);
    expect((await v1(key, 'POST', '/conversions', { amountCents: 900, leadId: lead.id, idempotencyKey: 'o1' })).status).toBe(201);
    expect((await v1(key, 'POST', '/conversions', { amountCents: 900, leadId: lead.id, idempotencyKey: 'o1' })).status).toBe(200);
    expect((await v1(key, 'GET', '/flows')).status).toBe(200);
    expect((await v1(key, 'GET', '/broadcasts')).data).toEqual({ data: [], nextCursor: null });
    const faq = await v1(key, 'POST', '/knowledge', { kind: 'faq', question: 'Refunds?', answer: 'Within 14 days.' });
    expect(faq.status).toBe(201);
    expect((await v1(key, 'GET', '/knowledge?kind=faq')).data.data.map((e: { id: string }) => e.id)).toEqual([faq.data.id]);

    const agent = await inviteNewMember(t.baseUrl, w.client, 'agent');
    expect((await agent.client.post('/api/api-keys', { name: 'x', scopes: ['knowledge:write'] })).status).toBe(403);
  });

  it('conversions: newest first by cursor, every page distinct; another workspace sees none of them', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const key = await makeKey(w, ['conversions:read', 'conversions:write']);
    const created: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await v1(key, 'POST', '/conversions', { amountCents: i * 100, idempotencyKey: `order-${i}` });
      expect(res.status).toBe(201);
      created.push(res.data.id as string);
    }
    const seen: { id: string; amountCents: number }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await v1(key, 'GET', `/conversions?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.data.data);
      cursor = page.data.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.map((c) => c.id)).toEqual([...created].reverse());
    expect(seen.map((c) => c.amountCents)).toEqual([500, 400, 300, 200, 100]);
    expect((await v1(key, 'GET', '/conversions?cursor=bm9wZQ')).status).toBe(400);
    expect((await v1(key, 'GET', '/conversions?limit=0')).status).toBe(400);

    const other = await newWorkspaceUser(t.baseUrl);
    const otherKey = await makeKey(other, ['conversions:read']);
    expect((await v1(otherKey, 'GET', '/conversions')).data).toEqual({ data: [], nextCursor: null });
  });

  it('flows, broadcasts and knowledge page by cursor, newest created first, without repeats', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const key = await makeKey(w, ['flows:read', 'broadcasts:read', 'knowledge:read', 'knowledge:write']);
    /** Every item of a list, page by page with limit=2, and how many pages it took. */
    async function pageThrough(path: string) {
      const ids: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await v1(key, 'GET', `${path}${path.includes('?') ? '&' : '?'}limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect([path, res.status]).toEqual([path, 200]);
        ids.push(...res.data.data.map((x: { id: string }) => x.id));
        cursor = res.data.nextCursor;
        pages++;
      } while (cursor);
      return { ids, pages };
    }
    const flows: string[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      const res = await w.client.post('/api/flows', { name, platform: 'multi', flowData: { nodes: [keywordTrigger([name])], edges: [] }, isActive: false });
      flows.push(res.data.id as string);
    }
    // Editing the oldest flow does not move it in the API's order (created, not updated).
    expect(
      (
        await w.client.put(`/api/flows/${flows[0]}`, {
          name: 'One (edited)',
          platform: 'multi',
          flowData: { nodes: [keywordTrigger(['One'])], edges: [] },
          isActive: false,
        })
      ).status,
    ).toBe(200);
    expect(await pageThrough('/flows')).toEqual({ ids: [...flows].reverse(), pages: 2 });

    const segment = { tags: [], fields: [], platform: null, leadStatus: null, lastInboundWithinHours: null };
    const broadcasts: string[] = [];
    for (const name of ['A', 'B', 'C', 'D', 'E']) broadcasts.push((await w.client.post('/api/broadcasts', { name, text: 'Hi', segment })).data.id as string);
    expect(await pageThrough('/broadcasts')).toEqual({ ids: [...broadcasts].reverse(), pages: 3 });

    const entries: string[] = [];
    for (const q of ['Shipping to Lisbon?', 'Refunds?', 'Shipping to Porto?', 'Opening hours?']) {
      entries.push((await v1(key, 'POST', '/knowledge', { kind: 'faq', question: q, answer: 'Yes.' })).data.id as string);
    }
    expect(await pageThrough('/knowledge')).toEqual({ ids: [...entries].reverse(), pages: 2 });
    expect(await pageThrough('/knowledge?q=shipping')).toEqual({ ids: [entries[2], entries[0]], pages: 1 });
    expect(await pageThrough('/knowledge?kind=offer')).toEqual({ ids: [], pages: 1 });
    expect((await v1(key, 'GET', '/knowledge?cursor=bm9wZQ')).status).toBe(400);
    expect((await v1(key, 'GET', '/knowledge?kind=product')).status).toBe(400);

    const other = await newWorkspaceUser(t.baseUrl);
    const otherKey = await makeKey(other, ['flows:read', 'broadcasts:read', 'knowledge:read']);
    for (const path of ['/flows', '/broadcasts', '/knowledge']) expect((await v1(otherKey, 'GET', path)).data).toEqual({ data: [], nextCursor: null });
  });

  it('POST /flows/:id/runs starts an active flow for a contact (trigger api); an inactive flow is 409, another workspace’s ids 404', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const conversationId = await conversationWithMaya(w);
    const key = await makeKey(w, ['flows:write', 'contacts:read']);
    const contactId = (await v1(key, 'GET', '/contacts?q=maya')).data.data[0].id as string;
    const flowId = await publishFlow(w.client, { nodes: [keywordTrigger(['never-typed']), node('2', 'addTag', { tag: 'api-run' })], edges: [edge('1', '2')] });
    const started = await v1(key, 'POST', `/flows/${flowId}/runs`, { contactId });
    expect(started).toMatchObject({ status: 201, data: { runId: expect.any(String) } });
    await expect.poll(async () => (await runsOf(w.client, flowId)).map((r) => r.status), { timeout: 20_000 }).toEqual(['completed']);
    expect((await v1(key, 'GET', '/contacts?tag=api-run')).data.data.map((c: { id: string }) => c.id)).toEqual([contactId]);

    expect((await v1(key, 'POST', `/flows/${flowId}/runs`, { contactId: 'nope' })).status).toBe(400);
    expect((await v1(key, 'POST', `/flows/${flowId}/runs`, { contactId: conversationId })).data.error).toBe('Contact not found');
    const draft = await w.client.post('/api/flows', {
      name: 'Draft',
      platform: 'multi',
      flowData: { nodes: [keywordTrigger(['x'])], edges: [] },
      isActive: false,
    });
    expect((await v1(key, 'POST', `/flows/${draft.data.id}/runs`, { contactId })).status).toBe(409);
    const xFlow = await publishFlow(w.client, { nodes: [keywordTrigger(['x'])], edges: [] }, 'X only', 'twitter');
    expect((await v1(key, 'POST', `/flows/${xFlow}/runs`, { contactId })).data.error).toBe("This flow does not run on this contact's platform");

    const other = await newWorkspaceUser(t.baseUrl);
    const otherKey = await makeKey(other, ['flows:write']);
    expect((await v1(otherKey, 'POST', `/flows/${flowId}/runs`, { contactId })).status).toBe(404);
  });

  it('webhooks: a Zapier-style subscribe answers the secret once, a DM arrives signed, unsubscribe stops it; another workspace’s id is 404', async () => {
    const sink = await startWebhookSink();
    try {
      const w = await newWorkspaceUser(t.baseUrl);
      const key = await makeKey(w, ['webhooks:read', 'webhooks:write']);
      const created = await v1(key, 'POST', '/webhooks', { url: sink.url, events: ['message.received'], description: 'Zapier' });
      expect(created.status).toBe(201);
      expect(created.data.secret).toMatch(/^whsec_/);
      sink.secrets.push(created.data.secret as string);
      const id = created.data.id as string;
      const read = await v1(key, 'GET', `/webhooks/${id}`);
      expect(read.status).toBe(200);
      expect(read.data.secret).toBeUndefined();
      expect((await v1(key, 'GET', '/webhooks')).data.data.map((h: { id: string }) => h.id)).toEqual([id]);
      // The session's Settings screen sees the same subscription.
      expect((await w.client.get('/api/event-webhooks')).data.webhooks[0].description).toBe('Zapier');

      const other = await newWorkspaceUser(t.baseUrl);
      const otherKey = await makeKey(other, ['webhooks:read', 'webhooks:write']);
      expect((await v1(otherKey, 'GET', `/webhooks/${id}`)).status).toBe(404);
      expect((await v1(otherKey, 'DELETE', `/webhooks/${id}`)).status).toBe(404);
      expect((await v1(otherKey, 'GET', `/webhooks/${id}/deliveries`)).status).toBe(404);
      expect((await v1(key, 'POST', '/webhooks', { url: sink.url, events: ['nope'] })).status).toBe(400);

      await conversationWithMaya(w);
      await expect.poll(() => sink.received.length, { timeout: 15_000 }).toBe(1);
      expect(sink.received[0]!.verified).toBe(true);
      expect(sink.received[0]!.payload).toMatchObject({ type: 'message.received', data: { text: 'Do you ship to Lisbon?' } });
      const log = await v1(key, 'GET', `/webhooks/${id}/deliveries`);
      expect(log.data.data).toMatchObject([{ status: 'delivered', lastStatusCode: 200, eventId: sink.received[0]!.id }]);

      expect((await v1(key, 'DELETE', `/webhooks/${id}`)).status).toBe(204);
      expect((await v1(key, 'GET', `/webhooks/${id}`)).status).toBe(404);
      expect((await v1(key, 'GET', '/webhooks')).data.data).toEqual([]);
    } finally {
      await sink.close();
    }
  });

  it('a key over its per-minute limit gets 429 with Retry-After', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const key = await makeKey(w, ['tags:read']);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof v1>> | undefined;
    for (let i = 0; i < 41; i++) {
      last = await v1(key, 'GET', '/tags');
      statuses.push(last.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.data.code).toBe('RATE_LIMITED');
  });
});
