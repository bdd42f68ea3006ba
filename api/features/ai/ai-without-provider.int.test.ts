import { describe, expect, it } from 'vitest';
import { insertKnowledgeEntry } from '../../../db/knowledge/write-entries';
import { readKbStream } from '../../../tests/support/kb-stream';
import { useTestApp } from '../../../tests/support/use-test-app';
import { maya } from '../../../tests/support/workspace';
import { NO_MATCHING_FACT } from './support-chat.routes';

/** The embedded default: no provider configured. Answers quote the knowledge base; nothing is invented. */
const app = useTestApp({ env: { AI_GUEST_PER_HOUR: '4', AI_USER_PER_MINUTE: '1000' } });

const pool = () => app.pool;

describe('knowledge-base-only answers', () => {
  it('quotes the best matching entries with their source (mode knowledge_base) and stores the exchange', async () => {
    const u = await app.signIn('Quote');
    const id = await insertKnowledgeEntry(pool(), u.user.workspaceId, {
      kind: 'faq',
      title: 'Shipping to Canada',
      body: 'We ship to Canada in 5-7 days for $9.',
    });
    const res = await u.client.post('/api/kb/chat', { message: 'Do you ship to Canada?' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ mode: 'knowledge_base', userRole: 'free', isAuthenticated: true, usage: { messagesUsed: 1 } });
    expect(res.data.response).toContain('"We ship to Canada in 5-7 days for $9."');
    expect(res.data.response).toContain('quoted, not written by an AI');
    expect(res.data.sources).toEqual([{ id, kind: 'faq', title: 'Shipping to Canada', source: 'typed', url: null }]);
    const { rows } = await pool().query('select role, mode from ai_chat_messages where conversation_id = $1 order by created_at', [res.data.conversationId]);
    expect(rows).toEqual([
      { role: 'user', mode: null },
      { role: 'assistant', mode: 'knowledge_base' },
    ]);
  });

  it("never retrieves another workspace's knowledge base", async () => {
    const alice = await app.signIn('Alice');
    const mallory = await app.signIn('Mallory');
    await insertKnowledgeEntry(pool(), alice.user.workspaceId, {
      kind: 'document',
      title: 'Secret wholesale discount',
      body: 'Wholesale partners get 40% off with code ALICE40.',
    });
    for (const path of ['/api/kb/chat', '/api/smartkb/query']) {
      const res = await mallory.client.post(path, path.includes('smartkb') ? { query: 'wholesale discount code' } : { message: 'wholesale discount code' });
      expect(res.status).toBe(200);
      expect(res.data.mode).toBe('none');
      expect(res.text).not.toContain('ALICE40');
    }
    const own = await alice.client.post('/api/smartkb/query', { query: 'wholesale discount code' });
    expect(own.data).toMatchObject({ mode: 'knowledge_base' });
    expect(own.data.answer).toContain('ALICE40');
  });

  it('says nothing matched (mode none) and does not count it', async () => {
    const u = await app.signIn('Empty');
    const res = await u.client.post('/api/kb/chat', { message: 'What about unicorns?' });
    expect(res.data).toMatchObject({ mode: 'none', confidence: 0, sources: [], usage: { messagesUsed: 0 } });
  });

  it('streams a quote as one token, then done', async () => {
    const u = await app.signIn('StreamKb');
    await insertKnowledgeEntry(pool(), u.user.workspaceId, { kind: 'faq', title: 'Opening hours', body: 'Open 9 to 5, Monday to Friday.' });
    const s = await readKbStream(u.client, { message: 'opening hours?' });
    expect(s.events.map((e) => e.type)).toEqual(['token', 'done']);
    const done = s.events[1]!;
    expect(done.type === 'done' && done.answer.mode).toBe('knowledge_base');
  });

  it("suggests a draft from the best entry for the contact's last message, and 404s for another workspace's conversation", async () => {
    const u = await app.signIn('Draft');
    await insertKnowledgeEntry(pool(), u.user.workspaceId, { kind: 'faq', title: 'Returns policy', body: 'Returns are free within 30 days.' });
    await u.client.post('/api/simulator/messages', { accountId: u.messenger.id, contact: maya, text: 'Can I make returns?' });
    await expect.poll(async () => (await u.client.get('/api/conversations')).data.conversations.length, { timeout: 10_000 }).toBe(1);
    const conv = (await u.client.get('/api/conversations')).data.conversations[0];
    const res = await u.client.post(`/api/inbox/conversations/${conv.id}/suggest-reply`);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ draft: 'Returns are free within 30 days.', mode: 'knowledge_base' });
    // Never sent: the thread still holds only the contact's message.
    expect((await u.client.get(`/api/conversations/${conv.id}/messages`)).data.messages).toHaveLength(1);

    const other = await app.signIn('Other');
    expect((await other.client.post(`/api/inbox/conversations/${conv.id}/suggest-reply`)).status).toBe(404);
    expect((await other.client.post('/api/inbox/conversations/not-a-uuid/suggest-reply')).status).toBe(404);
  });
});

describe('support widget without a provider', () => {
  it('quotes the product facts that match, and answers 200 with where to look when none do (not a 503 that monitors read as an outage)', async () => {
    const quoted = await fetch(`${app.t.baseUrl}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'How do I self-host it with docker?' }),
    });
    expect(quoted.status).toBe(200);
    const body = (await quoted.json()) as { response: string; mode: string };
    expect(body.mode).toBe('knowledge_base');
    expect(body.response).toContain('docker compose');
    const none = await fetch(`${app.t.baseUrl}/api/chat/gemini`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'zzzz qqqq' }),
    });
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual({ response: NO_MATCHING_FACT, mode: 'none' });
    expect(NO_MATCHING_FACT).toContain('/help');
    expect(NO_MATCHING_FACT).toContain('/contact');
  });

  it('reports no provider on GET /api/ai/gemini/test', async () => {
    const res = await fetch(`${app.t.baseUrl}/api/ai/gemini/test`);
    expect(await res.json()).toMatchObject({ provider: null, model: null, reachable: null });
  });
});

describe('feedback', () => {
  it('stores anonymous and signed-in ratings', async () => {
    const anon = await fetch(`${app.t.baseUrl}/api/chatbot/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ conversationId: 'bot-1', messageId: 'm-1', rating: 'thumbs_up' }),
    });
    expect(anon.status).toBe(201);
    const u = await app.signIn('Rater');
    const signed = await u.client.post('/api/chatbot/feedback', { conversationId: 'c-2', messageId: 'm-2', rating: 'thumbs_down' });
    expect(signed.status).toBe(201);
    const { rows } = await pool().query('select workspace_id, user_id, rating from ai_feedback where message_id in ($1, $2) order by message_id', [
      'm-1',
      'm-2',
    ]);
    expect(rows).toEqual([
      { workspace_id: null, user_id: null, rating: 'thumbs_up' },
      { workspace_id: u.user.workspaceId, user_id: u.user.id, rating: 'thumbs_down' },
    ]);
    const bad = await u.client.post('/api/chatbot/feedback', { conversationId: 'c', messageId: 'm', rating: 'meh' });
    expect(bad.status).toBe(400);
    expect(bad.data.error).toBe('Rating must be thumbs_up or thumbs_down');
  });
});

describe('anonymous rate limit', () => {
  it('limits an anonymous address on the widget to AI_GUEST_PER_HOUR, without limiting signed-in users', async () => {
    // Every test here calls from 127.0.0.1 (no proxy is trusted): start this address's window afresh.
    await pool().query("delete from rate_limit_hits where key like 'ai-guest:%'");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${app.t.baseUrl}/api/chat/gemini`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'self-host docker' }),
      });
      statuses.push(res.status);
      if (res.status === 429) expect(await res.json()).toMatchObject({ code: 'RATE_LIMITED' });
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const u = await app.signIn('NotLimited');
    expect((await u.client.post('/api/chat/gemini', { message: 'self-host docker' })).status).toBe(200);
  });
});
