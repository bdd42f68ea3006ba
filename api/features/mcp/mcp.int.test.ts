import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { edge, keywordTrigger, node, publishFlow, runsOf } from '../../../tests/support/flows';
import { useTestApp } from '../../../tests/support/use-test-app';
import { conversationWithMaya, makeApiKey, maya } from '../../../tests/support/workspace';

const app = useTestApp({ env: { API_KEY_REQUESTS_PER_MINUTE: '60' } });

type Workspace = Awaited<ReturnType<typeof app.signIn>>;

const makeKey = (w: Workspace, scopes: string[]) => makeApiKey(w, scopes, 'Agent');

/** An MCP client as an agent runs one: the SDK's own Client over Streamable HTTP, with the key as a Bearer header. */
async function connect(key: string): Promise<Client> {
  const client = new Client({ name: 'replypilot-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${app.t.baseUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  return { isError: result.isError === true, text, data: result.isError ? undefined : (JSON.parse(text) as Record<string, unknown>) };
}

const allScopes = ['contacts:read', 'conversations:read', 'messages:read', 'messages:write', 'flows:read', 'flows:write', 'knowledge:write', 'analytics:read'];

describe('the MCP server at /mcp', () => {
  it('lists its tools, and each tool answers from the app’s own functions', { timeout: 60_000 }, async () => {
    const w = await app.signIn();
    const conversationId = await conversationWithMaya(w);
    const client = await connect(await makeKey(w, allScopes));

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'add_knowledge_entry',
        'get_analytics_summary',
        'get_conversation',
        'list_conversations',
        'list_flows',
        'search_contacts',
        'send_reply',
        'start_flow',
      ].sort(),
    );
    const sendReply = tools.find((tool) => tool.name === 'send_reply')!;
    expect(sendReply.inputSchema).toMatchObject({ type: 'object', required: ['conversationId', 'content'] });

    const contacts = await call(client, 'search_contacts', { q: 'maya' });
    expect(contacts.data).toMatchObject({ data: [{ name: maya.name, username: maya.username }], nextCursor: null });
    const contactId = (contacts.data!.data as { id: string }[])[0]!.id;
    expect((await call(client, 'search_contacts', { q: 'nobody-by-this-name' })).data).toEqual({ data: [], nextCursor: null });

    expect(((await call(client, 'list_conversations')).data!.data as { id: string }[]).map((c) => c.id)).toEqual([conversationId]);
    const read = await call(client, 'get_conversation', { conversationId });
    expect(read.data).toMatchObject({ conversation: { id: conversationId }, messages: [{ content: 'Do you ship to Lisbon?' }] });

    // A reply is an inbox reply: one ledger row for the same idempotency key twice, and the same answer.
    const reply = { conversationId, content: 'Yes, in 3 days.', idempotencyKey: 'mcp-reply-1' };
    const [first, again] = [await call(client, 'send_reply', reply), await call(client, 'send_reply', reply)];
    expect(first.isError).toBe(false);
    expect(again.data).toEqual(first.data);
    const ledger = await app.pool.query(`select count(*)::int as n from outbound_ledger where workspace_id = $1 and idempotency_key like 'inbox:%'`, [
      w.user.workspaceId,
    ]);
    expect(ledger.rows[0].n).toBe(1);
    expect(await call(client, 'send_reply', { ...reply, content: 'Something else' })).toMatchObject({
      isError: true,
      text: 'This Idempotency-Key was already used for a different request',
    });
    expect(((await call(client, 'get_conversation', { conversationId })).data!.messages as { content: string }[]).map((m) => m.content)).toEqual([
      'Do you ship to Lisbon?',
      'Yes, in 3 days.',
    ]);

    // Flows: listed, and one started for Maya runs (trigger "api") like any run.
    const flowId = await publishFlow(
      w.client,
      { nodes: [keywordTrigger(['never-typed']), node('2', 'addTag', { tag: 'from-agent' }), node('3', 'complete')], edges: [edge('1', '2'), edge('2', '3')] },
      'Agent flow',
    );
    expect(((await call(client, 'list_flows')).data!.data as { id: string; name: string }[]).map((f) => f.name)).toContain('Agent flow');
    const started = await call(client, 'start_flow', { flowId, contactId });
    expect(started.data).toEqual({ runId: expect.any(String) });
    await expect.poll(async () => (await runsOf(w.client, flowId)).map((r) => r.status), { timeout: 20_000 }).toEqual(['completed']);
    const run = await app.pool.query('select trigger from flow_runs where id = $1', [started.data!.runId]);
    expect(run.rows[0].trigger).toEqual({ type: 'api', text: null });
    expect((await call(client, 'search_contacts', { tag: 'from-agent' })).data).toMatchObject({ data: [{ id: contactId }] });

    // Knowledge: the same entry the Knowledge page lists; a field of another kind is a clear tool error.
    const faq = await call(client, 'add_knowledge_entry', { kind: 'faq', question: 'Refunds?', answer: 'Within 14 days.' });
    expect(faq.data).toMatchObject({ created: true, entry: { kind: 'faq' } });
    expect((await w.client.get('/api/knowledge?kind=faq')).data.entries.map((e: { id: string }) => e.id)).toEqual([(faq.data!.entry as { id: string }).id]);
    const wrong = await call(client, 'add_knowledge_entry', { kind: 'faq', question: 'Refunds?', title: 'x' });
    expect(wrong.isError).toBe(true);
    expect(wrong.text).toMatch(/answer/i);

    // Analytics: the Analytics page's numbers for the same timeframe.
    const summary = await call(client, 'get_analytics_summary', { timeframe: '7d' });
    const page = (await w.client.get('/api/analytics/summary?timeframe=7d')).data;
    expect(summary.data).toEqual(page);
    expect((summary.data!.figures as { dmsReceived: number }).dmsReceived).toBeGreaterThan(0);
    await client.close();
  });

  it('a tool without its scope is a tool error naming it; another workspace’s ids are not found', { timeout: 30_000 }, async () => {
    const w = await app.signIn();
    const conversationId = await conversationWithMaya(w);
    const readOnly = await connect(await makeKey(w, ['contacts:read', 'conversations:read']));
    const refusals = [
      ['get_conversation', { conversationId }, 'messages:read'],
      ['send_reply', { conversationId, content: 'hi' }, 'messages:write'],
      ['list_flows', {}, 'flows:read'],
      ['start_flow', { flowId: conversationId, contactId: conversationId }, 'flows:write'],
      ['add_knowledge_entry', { kind: 'faq', question: 'q', answer: 'a' }, 'knowledge:write'],
      ['get_analytics_summary', {}, 'analytics:read'],
    ] as const;
    for (const [tool, args, scope] of refusals) {
      expect([tool, await call(readOnly, tool, args)]).toEqual([tool, { isError: true, text: `This API key lacks the scope ${scope}`, data: undefined }]);
    }
    expect((await call(readOnly, 'search_contacts')).isError).toBe(false);
    await readOnly.close();

    const other = await app.signIn('Other');
    const stranger = await connect(await makeKey(other, allScopes));
    expect(await call(stranger, 'get_conversation', { conversationId })).toMatchObject({ isError: true, text: 'Conversation not found' });
    expect(await call(stranger, 'send_reply', { conversationId, content: 'Stolen' })).toMatchObject({ isError: true, text: 'Conversation not found' });
    expect((await call(stranger, 'search_contacts')).data).toEqual({ data: [], nextCursor: null });
    expect((await call(stranger, 'list_conversations')).data).toEqual({ data: [], nextCursor: null });
    await stranger.close();
  });

  it('needs a key (401), and a key over its per-minute limit gets 429 with Retry-After', async () => {
    const ping = (headers: Record<string, string> = {}) =>
      fetch(`${app.t.baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      });
    const anonymous = await ping();
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    await expect(connect('rp_not-a-key')).rejects.toThrow(/401|not valid/);

    const w = await app.signIn();
    const key = await makeKey(w, ['contacts:read']);
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 61; i++) {
      last = await ping({ authorization: `Bearer ${key}` });
      statuses.push(last.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Stateless: no stream to open, no session to end.
    const get = await fetch(`${app.t.baseUrl}/mcp`, { headers: { authorization: `Bearer ${await makeKey(w, ['contacts:read'])}` } });
    expect(get.status).toBe(405);
  });
});
