import { describe, expect, it, vi } from 'vitest';
import { insertKnowledgeEntry } from '../../../db/knowledge/write-entries';
import { systemPrompts } from '../../../integrations/ai/prompt';
import { useGeminiApp } from '../../../tests/support/gemini-app';
import { readKbStream } from '../../../tests/support/kb-stream';
import { newWorkspaceUser } from '../../../tests/support/workspace';

const ai = useGeminiApp();

async function modelAnswersThisMonth(workspaceId: string): Promise<number> {
  const { rows } = await ai.t.app.database.pool.query(
    `select coalesce(sum(answers), 0)::int as n from ai_model_usage where workspace_id = $1 and month = date_trunc('month', now() at time zone 'utc')::date`,
    [workspaceId],
  );
  return rows[0].n as number;
}

async function workspaceWithKnowledge(name: string) {
  const u = await newWorkspaceUser(ai.t.baseUrl, name);
  const pool = ai.t.app.database.pool;
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
    ai.gemini.script.push({
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
    // What users see is the retrieval's match score, not the model's 0.9 rating of itself.
    expect(res.data.confidence).toBe(res.data.matchScore);
    expect(res.data.matchScore).toBeGreaterThan(0.3);
    expect(res.data.matchScore).toBeLessThan(1);
    expect(res.data.matchScore).not.toBe(0.9);

    const sent = ai.gemini.requests[0]!;
    expect(sent.apiKey).toBe(ai.gemini.apiKey);
    expect(sent.model).toBe('gemini-2.5-flash');
    expect(sent.system).toBe(systemPrompts.assistant);
    expect(sent.userText).toContain('5-7 days');
    expect((sent.body.generationConfig as { responseMimeType?: string }).responseMimeType).toBe('application/json');

    const { rows } = await ai.t.app.database.pool.query(
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
    ai.gemini.script.push({ error: 429 }, { error: 503 });
    const res = await u.client.post('/api/kb/chat', { message: 'shipping to Canada?' });
    expect(res.status).toBe(200);
    expect(res.data.mode).toBe('model');
    expect(ai.gemini.requests).toHaveLength(3);
  });

  it('answers from the knowledge base (fallback: true) when the provider keeps failing, and gives the allowance claim back', async () => {
    const u = await workspaceWithKnowledge('Down');
    ai.gemini.script.push({ error: 500 }, { error: 503 }, { error: 500, message: 'Internal error encountered.' });
    const res = await u.client.post('/api/kb/chat', { message: 'shipping to Canada?' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ mode: 'knowledge_base', fallback: true });
    expect(res.data.fallbackReason).toContain('Internal error encountered.');
    expect(res.data.response).toContain('"Yes, shipping to Canada takes 5-7 days and costs $9."');
    expect(res.data.response).toContain('quoted, not written by an AI');
    // The best entry's match score: "shipping" and "Canada" both in its title.
    expect(res.data.matchScore).toBe(1);
    expect(res.data.confidence).toBe(1);
    expect(res.data.sources[0].id).toBe(u.shipping);
    expect(ai.gemini.requests).toHaveLength(3);
    expect(await modelAnswersThisMonth(u.user.workspaceId)).toBe(0);
    const { rows } = await ai.t.app.database.pool.query('select role, mode from ai_chat_messages where workspace_id = $1 order by created_at', [
      u.user.workspaceId,
    ]);
    expect(rows).toEqual([
      { role: 'user', mode: null },
      { role: 'assistant', mode: 'knowledge_base' },
    ]);
  });

  it("answers 503 'AI Service Unavailable' when the provider keeps failing and nothing in the knowledge base matches, and stores nothing", async () => {
    const u = await workspaceWithKnowledge('DownEmpty');
    ai.gemini.script.push({ error: 500 }, { error: 503 }, { error: 500, message: 'Internal error encountered.' });
    const res = await u.client.post('/api/kb/chat', { message: 'zebra xylophone quartet?' });
    expect(res.status).toBe(503);
    expect(res.data).toMatchObject({ error: 'AI Service Unavailable', code: 'UNAVAILABLE' });
    expect(res.data.details).toContain('Internal error encountered.');
    expect(ai.gemini.requests).toHaveLength(3);
    const { rows } = await ai.t.app.database.pool.query('select count(*)::int as n from ai_chat_messages where workspace_id = $1', [u.user.workspaceId]);
    expect(rows[0].n).toBe(0);
    expect(await modelAnswersThisMonth(u.user.workspaceId)).toBe(0);
  });

  it('does not retry a 400 (a request to fix, not to repeat) and answers 503 when nothing matches', async () => {
    const u = await workspaceWithKnowledge('Bad');
    ai.gemini.script.push({ error: 400, message: 'Invalid JSON payload received.' });
    const res = await u.client.post('/api/kb/chat', { message: 'zebra xylophone?' });
    expect(res.status).toBe(503);
    expect(ai.gemini.requests).toHaveLength(1);
  });

  it("times out on every attempt: the knowledge base's quotes when something matches, else 504 'Connection Issue'", async () => {
    const u = await workspaceWithKnowledge('Slow');
    ai.gemini.script.push({ hang: true }, { hang: true }, { hang: true });
    const quoted = await u.client.post('/api/kb/chat', { message: 'shipping to Canada?' });
    expect(quoted.status).toBe(200);
    expect(quoted.data).toMatchObject({ mode: 'knowledge_base', fallback: true });
    expect(quoted.data.fallbackReason).toMatch(/Connection Issue: The AI provider did not answer within/);
    expect(ai.gemini.requests).toHaveLength(3);

    ai.gemini.script.push({ hang: true }, { hang: true }, { hang: true });
    const res = await u.client.post('/api/kb/chat', { message: 'zebra xylophone?' });
    expect(res.status).toBe(504);
    expect(res.data).toMatchObject({ error: 'Connection Issue', code: 'UPSTREAM_TIMEOUT' });
    expect(ai.gemini.requests).toHaveLength(6);
  }, 30_000);

  it('rejects bad input with 400 and the contract message', async () => {
    const u = await newWorkspaceUser(ai.t.baseUrl, 'Input');
    const blank = await u.client.post('/api/kb/chat', { message: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.data.error).toBe('Please type a message');
    const long = await u.client.post('/api/kb/chat', { message: 'x'.repeat(2001) });
    expect(long.data.error).toBe('Messages are limited to 2,000 characters');
    const platform = await u.client.post('/api/kb/chat', { message: 'hi', platform: 'myspace' });
    expect(platform.status).toBe(400);
    expect(platform.data.details[0].path).toBe('platform');
    expect(ai.gemini.requests).toHaveLength(0);
  });

  it('is for signed-in users only', async () => {
    const res = await fetch(`${ai.t.baseUrl}/api/kb/chat`, {
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
    ai.gemini.script.push({ json: { answer, confidence: 0.7, funnelStage: 'diagnose', relatedOfferIds: [], suggestedActions: [] } });
    const s = await readKbStream(u.client, { message: 'shipping to Canada?' });
    expect(s.status).toBe(200);
    expect(s.contentType).toContain('text/event-stream');
    expect(ai.gemini.requests[0]!.stream).toBe(true);
    const tokens = s.events.filter((e) => e.type === 'token');
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens.map((e) => (e.type === 'token' ? e.text : '')).join('')).toBe(answer);
    const last = s.events.at(-1)!;
    expect(last.type).toBe('done');
    if (last.type !== 'done') return;
    expect(last.answer).toMatchObject({ response: answer, mode: 'model' });
    expect(last.answer.matchScore).toBeGreaterThan(0.5);
    const { rows } = await ai.t.app.database.pool.query('select content from ai_chat_messages where id = $1', [last.answer.messageId]);
    expect(rows[0].content).toBe(answer);
  });

  it('ends with done and the knowledge base quoted (fallback: true) when the provider is down and something matches', async () => {
    const u = await workspaceWithKnowledge('StreamFallback');
    ai.gemini.script.push({ error: 503 }, { error: 503 }, { error: 503 });
    const s = await readKbStream(u.client, { message: 'shipping to Canada?' });
    expect(s.status).toBe(200);
    const last = s.events.at(-1)!;
    expect(last.type).toBe('done');
    if (last.type !== 'done') return;
    expect(last.answer).toMatchObject({ mode: 'knowledge_base', fallback: true });
    expect(s.events.filter((e) => e.type === 'token').map((e) => (e.type === 'token' ? e.text : ''))).toEqual([last.answer.response]);
  });

  it('ends with an error event when the provider is down and nothing matches', async () => {
    const u = await workspaceWithKnowledge('StreamDown');
    ai.gemini.script.push({ error: 503 }, { error: 503 }, { error: 503 });
    const s = await readKbStream(u.client, { message: 'zebra xylophone?' });
    expect(s.status).toBe(200);
    expect(s.events).toEqual([{ type: 'error', error: 'AI Service Unavailable', message: expect.stringContaining('503') }]);
  });

  it("ends with a 'Connection Issue' error event when every streamed attempt times out and nothing matches", async () => {
    const u = await workspaceWithKnowledge('StreamSlow');
    ai.gemini.script.push({ hang: true }, { hang: true }, { hang: true });
    const s = await readKbStream(u.client, { message: 'zebra xylophone?' });
    expect(s.events).toEqual([{ type: 'error', error: 'Connection Issue', message: 'The AI provider did not answer within 2 s' }]);
    expect(ai.gemini.requests.filter((r) => !r.ping)).toHaveLength(3);
  }, 15_000);

  it('a client that disconnects mid-stream cancels the model call: no retry, nothing stored', async () => {
    const u = await workspaceWithKnowledge('StreamGone');
    ai.gemini.script.push({ hang: true }, { hang: true }, { hang: true });
    const leave = new AbortController();
    const res = await fetch(`${u.client.baseUrl}/api/kb/chat/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: u.client.cookieHeader },
      body: JSON.stringify({ message: 'shipping to Canada?' }),
      signal: leave.signal,
    });
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(ai.gemini.requests.filter((r) => !r.ping)).toHaveLength(1), { timeout: 5_000 });
    leave.abort();
    // Without the cancel, the call would run into its 1.5 s deadline and be retried twice.
    await vi.waitFor(() => expect(ai.gemini.requests[0]!.abandoned).toBe(true), { timeout: 1_000 });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(ai.gemini.requests.filter((r) => !r.ping)).toHaveLength(1);
    const { rows } = await ai.t.app.database.pool.query('select count(*)::int as n from ai_chat_messages where workspace_id = $1', [u.user.workspaceId]);
    expect(rows[0].n).toBe(0);
  }, 15_000);

  it('answers bad input with a plain 400 before any stream', async () => {
    const u = await newWorkspaceUser(ai.t.baseUrl, 'StreamInput');
    const s = await readKbStream(u.client, { message: '' });
    expect(s.status).toBe(400);
  });
});

describe('the monthly model allowance', () => {
  it('counts every model answer once, and past the allowance answers from the knowledge base without calling the model', async () => {
    const u = await workspaceWithKnowledge('Allowance');
    const first = await u.client.post('/api/kb/chat', { message: 'shipping to Canada?' });
    expect(first.data.mode).toBe('model');
    expect(await modelAnswersThisMonth(u.user.workspaceId)).toBe(1);
    // Free: 50 model answers a month (contracts/ai.ts aiAllowances). Use up the rest.
    await ai.t.app.database.pool.query(
      `update ai_model_usage set answers = 50 where workspace_id = $1 and month = date_trunc('month', now() at time zone 'utc')::date`,
      [u.user.workspaceId],
    );
    ai.gemini.requests.length = 0;
    const over = await u.client.post('/api/kb/chat', { message: 'shipping to Canada?' });
    expect(over.status).toBe(200);
    expect(over.data).toMatchObject({ mode: 'knowledge_base', fallback: false });
    expect(ai.modelCalls()).toHaveLength(0);
    expect(await modelAnswersThisMonth(u.user.workspaceId)).toBe(50);
  });

  it('never claims past the allowance under concurrent questions', async () => {
    const u = await workspaceWithKnowledge('Race');
    await ai.t.app.database.pool.query(
      `insert into ai_model_usage (workspace_id, month, answers) values ($1, date_trunc('month', now() at time zone 'utc')::date, 47)`,
      [u.user.workspaceId],
    );
    const answers = await Promise.all(Array.from({ length: 6 }, () => u.client.post('/api/kb/chat', { message: 'shipping to Canada?' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.data.mode === 'model')).toHaveLength(3);
    expect(ai.modelCalls()).toHaveLength(3);
    expect(await modelAnswersThisMonth(u.user.workspaceId)).toBe(50);
  });

  it('limits questions per user per minute in the same statement: over AI_USER_PER_MINUTE is 429 before any stream, nothing claimed', async () => {
    const u = await workspaceWithKnowledge('Limited');
    await ai.t.app.database.pool.query(`insert into rate_limit_hits (key, hits, reset_at) values ($1, 1000, now() + interval '1 minute')`, [
      `ai-user:${u.user.id}`,
    ]);
    const res = await u.client.post('/api/kb/chat', { message: 'shipping to Canada?' });
    expect(res.status).toBe(429);
    expect(res.data).toMatchObject({ code: 'RATE_LIMITED' });
    const s = await readKbStream(u.client, { message: 'shipping to Canada?' });
    expect(s.status).toBe(429);
    expect(ai.modelCalls()).toHaveLength(0);
    expect(await modelAnswersThisMonth(u.user.workspaceId)).toBe(0);
  });
});
