import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { insertKnowledgeEntry } from '../../../db/knowledge/write-entries';
import { systemPrompts } from '../../../integrations/ai/prompt';
import { startGeminiFake, type GeminiFake } from '../../../tests/fakes/gemini.fake';
import { readKbStream } from '../../../tests/support/kb-stream';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
let gemini: GeminiFake;

beforeAll(async () => {
  gemini = await startGeminiFake();
  t = await startTestApp({ env: { ...gemini.env, AI_TIMEOUT_MS: '1500', AI_MAX_RETRIES: '2', AI_RETRY_BASE_MS: '10', AI_USER_PER_MINUTE: '1000' } });
});
afterAll(async () => {
  await t.stop();
  await gemini.close();
});
beforeEach(() => {
  gemini.script.length = 0;
  gemini.requests.length = 0;
  gemini.latencyMs = 0;
});

async function workspaceWithKnowledge(name: string) {
  const u = await newWorkspaceUser(t.baseUrl, name);
  const pool = t.app.database.pool;
  const shipping = await insertKnowledgeEntry(pool, u.user.workspaceId, {
    kind: 'faq',
    title: 'Do you ship to Canada?',
    body: 'Yes, shipping to Canada takes 5-7 days and costs $9.',
  });
  const course = await insertKnowledgeEntry(pool, u.user.workspaceId, {
    kind: 'offer',
    title: 'Reels Bootcamp',
    body: 'A six week course on Instagram reels.',
    priceCents: 19900,
    duration: '6 weeks',
    url: 'https://example.com/bootcamp',
  });
  return { ...u, shipping, course };
}

describe('POST /api/kb/chat with Gemini', () => {
  it('answers from the workspace knowledge base with the model, cites only given offers, stores both turns and meters the answer', async () => {
    const u = await workspaceWithKnowledge('Kim');
    gemini.script.push({
      json: {
        answer: 'Yes! Shipping to Canada takes 5-7 days ($9).',
        confidence: 0.9,
        funnelStage: 'prescribe',
        relatedOfferIds: [u.course, 'made-up-offer'],
        suggestedActions: ['Order now'],
      },
    });
    const res = await u.client.post('/api/kb/chat', { message: 'Do you ship to Canada? And the reels course?' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      response: 'Yes! Shipping to Canada takes 5-7 days ($9).',
      mode: 'model',
      confidence: 0.9,
      funnelStage: 'prescribe',
      suggestedActions: ['Order now'],
      userRole: 'free',
      isAuthenticated: true,
      usage: { messagesUsed: 1, messageLimit: 100 },
    });
    expect(res.data.relatedOffers).toEqual([
      { id: u.course, title: 'Reels Bootcamp', priceCents: 19900, duration: '6 weeks', url: 'https://example.com/bootcamp' },
    ]);
    expect(res.data.sources.map((s: { id: string }) => s.id)).toContain(u.shipping);

    const sent = gemini.requests[0]!;
    expect(sent.apiKey).toBe(gemini.apiKey);
    expect(sent.model).toBe('gemini-2.5-flash');
    expect(sent.system).toBe(systemPrompts.assistant);
    expect(sent.userText).toContain('5-7 days');
    expect((sent.body.generationConfig as { responseMimeType?: string }).responseMimeType).toBe('application/json');

    const { rows } = await t.app.database.pool.query(
      'select role, content, mode, model, tokens_in, tokens_out from ai_chat_messages where conversation_id = $1 order by created_at',
      [res.data.conversationId],
    );
    expect(rows.map((r) => [r.role, r.mode])).toEqual([
      ['user', null],
      ['assistant', 'model'],
    ]);
    expect(rows[1]!.model).toBe('gemini-2.5-flash');
    expect(rows[1]!.tokens_out).toBeGreaterThan(0);
  });

  it('retries 429 and 503 with backoff, then answers', async () => {
    const u = await workspaceWithKnowledge('Retry');
    gemini.script.push({ error: 429 }, { error: 503 });
    const res = await u.client.post('/api/kb/chat', { message: 'shipping to Canada?' });
    expect(res.status).toBe(200);
    expect(res.data.mode).toBe('model');
    expect(gemini.requests).toHaveLength(3);
  });

  it("answers 503 'AI Service Unavailable' when the provider keeps failing, and stores nothing", async () => {
    const u = await workspaceWithKnowledge('Down');
    gemini.script.push({ error: 500 }, { error: 503 }, { error: 500, message: 'Internal error encountered.' });
    const res = await u.client.post('/api/kb/chat', { message: 'shipping?' });
    expect(res.status).toBe(503);
    expect(res.data).toMatchObject({ error: 'AI Service Unavailable', code: 'UNAVAILABLE' });
    expect(res.data.details).toContain('Internal error encountered.');
    expect(gemini.requests).toHaveLength(3);
    const { rows } = await t.app.database.pool.query('select count(*)::int as n from ai_chat_messages where workspace_id = $1', [u.user.workspaceId]);
    expect(rows[0].n).toBe(0);
  });

  it('does not retry a 400 (a request to fix, not to repeat) and answers 503', async () => {
    const u = await workspaceWithKnowledge('Bad');
    gemini.script.push({ error: 400, message: 'Invalid JSON payload received.' });
    const res = await u.client.post('/api/kb/chat', { message: 'shipping?' });
    expect(res.status).toBe(503);
    expect(gemini.requests).toHaveLength(1);
  });

  it("answers 504 'Connection Issue' when every attempt times out", async () => {
    const u = await workspaceWithKnowledge('Slow');
    gemini.script.push({ hang: true }, { hang: true }, { hang: true });
    const res = await u.client.post('/api/kb/chat', { message: 'shipping?' });
    expect(res.status).toBe(504);
    expect(res.data).toMatchObject({ error: 'Connection Issue', code: 'UPSTREAM_TIMEOUT' });
    expect(gemini.requests).toHaveLength(3);
  }, 15_000);

  it('rejects bad input with 400 and the contract message', async () => {
    const u = await newWorkspaceUser(t.baseUrl, 'Input');
    const blank = await u.client.post('/api/kb/chat', { message: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.data.error).toBe('Please type a message');
    const long = await u.client.post('/api/kb/chat', { message: 'x'.repeat(2001) });
    expect(long.data.error).toBe('Messages are limited to 2,000 characters');
    const platform = await u.client.post('/api/kb/chat', { message: 'hi', platform: 'myspace' });
    expect(platform.status).toBe(400);
    expect(platform.data.details[0].path).toBe('platform');
    expect(gemini.requests).toHaveLength(0);
  });

  it('is for signed-in users only', async () => {
    const res = await fetch(`${t.baseUrl}/api/kb/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'hi' }),
    });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/kb/chat/stream', () => {
  it('delivers the answer text as token events while the model writes, then one done with the stored answer', async () => {
    const u = await workspaceWithKnowledge('Stream');
    const answer = 'Shipping to Canada takes five to seven days and costs nine dollars.';
    gemini.script.push({ json: { answer, confidence: 0.7, funnelStage: 'diagnose', relatedOfferIds: [], suggestedActions: [] } });
    const s = await readKbStream(u.client, { message: 'shipping to Canada?' });
    expect(s.status).toBe(200);
    expect(s.contentType).toContain('text/event-stream');
    expect(gemini.requests[0]!.stream).toBe(true);
    const tokens = s.events.filter((e) => e.type === 'token');
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens.map((e) => (e.type === 'token' ? e.text : '')).join('')).toBe(answer);
    const last = s.events.at(-1)!;
    expect(last.type).toBe('done');
    if (last.type !== 'done') return;
    expect(last.answer).toMatchObject({ response: answer, mode: 'model', confidence: 0.7 });
    const { rows } = await t.app.database.pool.query('select content from ai_chat_messages where id = $1', [last.answer.messageId]);
    expect(rows[0].content).toBe(answer);
  });

  it('ends with an error event when the provider is down', async () => {
    const u = await workspaceWithKnowledge('StreamDown');
    gemini.script.push({ error: 503 }, { error: 503 }, { error: 503 });
    const s = await readKbStream(u.client, { message: 'shipping?' });
    expect(s.status).toBe(200);
    expect(s.events).toEqual([{ type: 'error', error: 'AI Service Unavailable', message: expect.stringContaining('503') }]);
  });

  it("ends with a 'Connection Issue' error event when every streamed attempt times out", async () => {
    const u = await workspaceWithKnowledge('StreamSlow');
    gemini.script.push({ hang: true }, { hang: true }, { hang: true });
    const s = await readKbStream(u.client, { message: 'shipping?' });
    expect(s.events).toEqual([{ type: 'error', error: 'Connection Issue', message: 'The AI provider did not answer within 2 s' }]);
    expect(gemini.requests.filter((r) => !r.ping)).toHaveLength(3);
  }, 15_000);

  it('a client that disconnects mid-stream cancels the model call: no retry, nothing stored', async () => {
    const u = await workspaceWithKnowledge('StreamGone');
    gemini.script.push({ hang: true }, { hang: true }, { hang: true });
    const leave = new AbortController();
    const res = await fetch(`${u.client.baseUrl}/api/kb/chat/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: u.client.cookieHeader },
      body: JSON.stringify({ message: 'shipping to Canada?' }),
      signal: leave.signal,
    });
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(gemini.requests.filter((r) => !r.ping)).toHaveLength(1), { timeout: 5_000 });
    leave.abort();
    // Without the cancel, the call would run into its 1.5 s deadline and be retried twice.
    await vi.waitFor(() => expect(gemini.requests[0]!.abandoned).toBe(true), { timeout: 1_000 });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(gemini.requests.filter((r) => !r.ping)).toHaveLength(1);
    const { rows } = await t.app.database.pool.query('select count(*)::int as n from ai_chat_messages where workspace_id = $1', [u.user.workspaceId]);
    expect(rows[0].n).toBe(0);
  }, 15_000);

  it('answers bad input with a plain 400 before any stream', async () => {
    const u = await newWorkspaceUser(t.baseUrl, 'StreamInput');
    const s = await readKbStream(u.client, { message: '' });
    expect(s.status).toBe(400);
  });
});
