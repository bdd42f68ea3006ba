import { expect, it } from 'vitest';
import { systemPrompts } from '../../../integrations/ai/prompt';
import { startOpenAiCompatibleFake } from '../../../tests/fakes/openai-compatible.fake';
import { readKbStream } from '../../../tests/support/kb-stream';
import { useTestApp } from '../../../tests/support/use-test-app';

const app = useTestApp({
  fakes: { ai: () => startOpenAiCompatibleFake({ apiKey: 'local-key', model: 'llama3.1' }) },
  env: { AI_MAX_RETRIES: '1', AI_RETRY_BASE_MS: '10', AI_USER_PER_MINUTE: '1000' },
});

it('answers through an OpenAI-compatible server with a JSON-schema response format and the bearer key', async () => {
  const u = await app.signIn('Local');
  app.fakes.ai.script.push({ json: { answer: 'Local model says hi.', confidence: 0.5, funnelStage: 'hook', relatedOfferIds: [], suggestedActions: [] } });
  const res = await u.client.post('/api/kb/chat', { message: 'hello' });
  expect(res.data).toMatchObject({ response: 'Local model says hi.', mode: 'model' });
  const sent = app.fakes.ai.requests[0]!;
  expect(sent.authorization).toBe('Bearer local-key');
  expect(sent.body.model).toBe('llama3.1');
  expect(sent.system).toBe(systemPrompts.assistant);
  expect((sent.body.response_format as { type: string }).type).toBe('json_schema');
});

it('streams tokens from chat.completion.chunk events, then done with token counts stored', async () => {
  const u = await app.signIn('LocalStream');
  const answer = 'Streaming through the OpenAI wire format works fine.';
  app.fakes.ai.script.push({ json: { answer, confidence: 0.6, funnelStage: 'hook', relatedOfferIds: [], suggestedActions: [] } });
  const s = await readKbStream(u.client, { message: 'stream please' });
  const tokens = s.events.flatMap((e) => (e.type === 'token' ? [e.text] : []));
  expect(tokens.length).toBeGreaterThan(3);
  expect(tokens.join('')).toBe(answer);
  const done = s.events.at(-1)!;
  expect(done.type).toBe('done');
  if (done.type !== 'done') return;
  const { rows } = await app.pool.query('select tokens_in, tokens_out, model from ai_chat_messages where id = $1', [done.answer.messageId]);
  expect(rows[0]).toMatchObject({ model: 'llama3.1' });
  expect(rows[0].tokens_out).toBeGreaterThan(0);
});

it("maps a 429 that persists to 503 'AI Service Unavailable'", async () => {
  const u = await app.signIn('LocalBusy');
  app.fakes.ai.script.push({ error: 429 }, { error: 429 });
  const res = await u.client.post('/api/kb/chat', { message: 'hello' });
  expect(res.status).toBe(503);
  expect(res.data.details).toContain('429');
});

it('GET /api/ai/gemini/test pings the model without taking a scripted reply', async () => {
  const scripted = { json: { answer: 'Kept for the next question.', confidence: 0.5, funnelStage: 'hook', relatedOfferIds: [], suggestedActions: [] } };
  app.fakes.ai.script.push(scripted);
  const before = app.fakes.ai.requests.length;
  const status = (await (await fetch(`${app.t.baseUrl}/api/ai/gemini/test`)).json()) as { provider: string; reachable: boolean };
  expect(status).toMatchObject({ provider: 'openai-compatible', reachable: true });
  expect(app.fakes.ai.requests.slice(before).map((r) => r.ping)).toEqual([true]);
  expect(app.fakes.ai.script).toEqual([scripted]);
  app.fakes.ai.script.length = 0;
});
