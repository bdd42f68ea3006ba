import { describe, expect, it } from 'vitest';
import { enqueueAiCall } from '../../../db/flows/enqueue-webhook-call';
import { insertKnowledgeEntry } from '../../../db/knowledge/write-entries';
import { messagesUsedSql } from '../../../db/usage/record-usage';
import { answerAiStep } from '../../../workers/flows/ai-step';
import { useGeminiApp } from '../../../tests/support/gemini-app';
import { edge, keywordTrigger, node, publishFlow, runDetail, runsOf } from '../../../tests/support/flows';
import { maya, newWorkspaceUser } from '../../../tests/support/workspace';

const ai = useGeminiApp({ AI_MAX_RETRIES: '1', TIMER_PUMP_INTERVAL_MS: '50', AI_CONTACT_ANSWERS_PER_DAY: '2' });

type W = Awaited<ReturnType<typeof newWorkspaceUser>>;
const dm = (w: W, text: string, contact = maya) => w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact, text });
const outboxTexts = async (w: W) => ((await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as { text: string }[]).map((i) => i.text);
const flow = {
  nodes: [
    keywordTrigger(['ship']),
    node('2', 'aiReply', { confidenceThreshold: 0.6, handoffTag: 'needs-human', instructions: 'Warm and short' }),
    node('3', 'complete'),
    node('4', 'addTag', { tag: 'handed-off' }),
  ],
  edges: [edge('1', '2'), edge('2', '3', 'answered'), edge('2', '4', 'handoff')],
};

async function workspaceWithFlow() {
  const w = await newWorkspaceUser(ai.t.baseUrl);
  const shipping = await insertKnowledgeEntry(ai.t.app.database.pool, w.user.workspaceId, {
    kind: 'faq',
    title: 'Shipping to Canada',
    body: 'Yes, we ship to Canada in 5-7 days for $9.',
  });
  const flowId = await publishFlow(w.client, flow);
  return { ...w, flowId, shipping };
}

async function modelAnswersThisMonth(workspaceId: string): Promise<number> {
  const { rows } = await ai.t.app.database.pool.query(
    `select coalesce(sum(answers), 0)::int as n from ai_model_usage where workspace_id = $1 and month = date_trunc('month', now() at time zone 'utc')::date`,
    [workspaceId],
  );
  return rows[0].n as number;
}

async function finishedRun(w: W & { flowId: string }) {
  await expect.poll(async () => (await runsOf(w.client, w.flowId))[0]?.status, { timeout: 10_000 }).toBe('completed');
  return runDetail(w.client, (await runsOf(w.client, w.flowId))[0]!.id);
}

async function contactState(w: W) {
  const { rows } = await ai.t.app.database.pool.query(
    `select c.tags, v.priority, ${messagesUsedSql('u.id')} as messages_used from contacts c join conversations v on v.contact_id = c.id
       join users u on u.workspace_id = c.workspace_id where c.workspace_id = $1`,
    [w.user.workspaceId],
  );
  return rows[0] as { tags: string[]; priority: string; messages_used: number };
}

describe('AI reply node', () => {
  it('answers the DM from the knowledge base with the model, sends it on the same channel and records the answer in the step', async () => {
    const w = await workspaceWithFlow();
    ai.gemini.script.push({
      json: { answer: 'Yes! Canada in 5-7 days, $9.', confidence: 0.9, funnelStage: 'prescribe', relatedOfferIds: [], suggestedActions: [] },
    });
    await dm(w, 'Do you ship to Canada?');
    const run = await finishedRun(w);
    expect(await outboxTexts(w)).toEqual(['Yes! Canada in 5-7 days, $9.']);
    const answerStep = run.steps.find((s) => s.nodeId === '2' && s.status === 'completed');
    expect(answerStep?.output).toMatchObject({
      question: 'Do you ship to Canada?',
      answer: 'Yes! Canada in 5-7 days, $9.',
      // The match score of the best public entry (both words in its title), and the model's own rating apart.
      confidence: 1,
      modelConfidence: 0.9,
      mode: 'model',
      sources: [{ id: w.shipping, title: 'Shipping to Canada' }],
      model: 'gemini-2.5-flash',
    });
    expect(run.steps.map((s) => `${s.nodeId}:${s.status}`)).toEqual(['1:completed', '2:completed', '2:completed', '3:completed']);
    // The tone guidance reaches the model as a data block, never in the system rules.
    expect(ai.gemini.requests[0]!.userText).toContain('<<<STYLE');
    expect(ai.gemini.requests[0]!.system).not.toContain('Warm and short');
    const state = await contactState(w);
    expect(state.tags).not.toContain('needs-human');
    // One for the AI answer, one for the DM actually sent.
    expect(state.messages_used).toBe(2);
  });

  it('an answer the model rates under the threshold hands off: the tag, conversation priority high, nothing sent', async () => {
    const w = await workspaceWithFlow();
    ai.gemini.script.push({ json: { answer: 'Maybe?', confidence: 0.3, funnelStage: 'hook', relatedOfferIds: [], suggestedActions: [] } });
    await dm(w, 'Do you ship to Canada?');
    const run = await finishedRun(w);
    expect(await outboxTexts(w)).toEqual([]);
    expect(run.steps.find((s) => s.nodeId === '2')?.output).toMatchObject({ answer: 'Maybe?', confidence: 1, modelConfidence: 0.3 });
    expect(run.steps.map((s) => s.nodeId)).toEqual(['1', '2', '4']);
    const state = await contactState(w);
    expect(state.tags).toEqual(expect.arrayContaining(['needs-human', 'handed-off']));
    expect(state.priority).toBe('high');
    expect(state.messages_used).toBe(1);
  });

  it('a question whose best match scores under the threshold hands off without asking the model', async () => {
    const w = await workspaceWithFlow();
    await dm(w, 'Do you ship parcels to Mars and the Moon, by rocket?');
    const run = await finishedRun(w);
    expect(ai.modelCalls()).toHaveLength(0);
    const output = run.steps.find((s) => s.nodeId === '2')?.output as { confidence: number; mode: string; note: string };
    expect(output).toMatchObject({ mode: 'skipped', note: expect.stringContaining("under this step's 0.60") });
    expect(output.confidence).toBeLessThan(0.6);
    expect(await outboxTexts(w)).toEqual([]);
    expect(await modelAnswersThisMonth(w.user.workspaceId)).toBe(0);
  });

  it('a provider failing with 500 after its retries hands off, with the error in the step', async () => {
    const w = await workspaceWithFlow();
    ai.gemini.script.push({ error: 500, message: 'boom' }, { error: 500, message: 'boom' });
    await dm(w, 'Do you ship to Canada?');
    const run = await finishedRun(w);
    expect(ai.gemini.requests).toHaveLength(2);
    expect(await outboxTexts(w)).toEqual([]);
    const step = run.steps.find((s) => s.nodeId === '2');
    expect(step?.output).toMatchObject({ mode: 'error', answer: '' });
    expect(JSON.stringify(step?.output)).toMatch(/AI Service Unavailable/);
    expect((await contactState(w)).priority).toBe('high');
    expect((await contactState(w)).messages_used).toBe(0);
  });

  it('a retried run.ai job finds its step settled: no second model call, DM or count', async () => {
    const w = await workspaceWithFlow();
    ai.gemini.script.push({ json: { answer: 'We do ship to Canada.', confidence: 0.95, funnelStage: 'hook', relatedOfferIds: [], suggestedActions: [] } });
    await dm(w, 'Do you ship to Canada?');
    const run = await finishedRun(w);
    await enqueueAiCall(ai.t.app.database.pool, { id: run.id, workspace_id: w.user.workspaceId }, 2, ai.t.app.config.flows.webhookLanes);
    await expect
      .poll(
        async () => (await ai.t.app.database.pool.query(`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'run.ai'`)).rows[0].n,
        {
          timeout: 10_000,
        },
      )
      .toBe(0);
    expect(ai.gemini.requests).toHaveLength(1);
    expect(await outboxTexts(w)).toEqual(['We do ship to Canada.']);
    expect((await contactState(w)).messages_used).toBe(2);
  });

  it('a shutdown during the model call records nothing (the job hands itself back); the answer is recorded once', async () => {
    const w = await workspaceWithFlow();
    ai.gemini.latencyMs = 800; // under AI_TIMEOUT_MS: the worker's own call answers
    ai.gemini.script.push({ json: { answer: 'Canada: 5-7 days.', confidence: 0.9, funnelStage: 'hook', relatedOfferIds: [], suggestedActions: [] } });
    await dm(w, 'Do you ship to Canada?');
    await expect.poll(async () => (await runsOf(w.client, w.flowId))[0]?.id, { timeout: 10_000 }).toBeTruthy();
    const runId = (await runsOf(w.client, w.flowId))[0]!.id;
    await expect.poll(async () => (await runDetail(w.client, runId)).steps.some((s) => s.nodeId === '2'), { timeout: 10_000 }).toBe(true);
    const stopping = new AbortController();
    stopping.abort(new Error('worker stopping'));
    expect(await answerAiStep(ai.t.app.database.pool, null, runId, 2, stopping.signal)).toBe('interrupted');
    const run = await finishedRun(w);
    expect(run.steps.filter((s) => s.nodeId === '2').map((s) => s.status)).toEqual(['completed', 'completed']);
    expect(await outboxTexts(w)).toEqual(['Canada: 5-7 days.']);
    expect((await contactState(w)).messages_used).toBe(2);
  });

  it('counts its model answer on the monthly allowance the chat uses', async () => {
    const w = await workspaceWithFlow();
    ai.gemini.script.push({ json: { answer: 'Canada: yes, 5-7 days.', confidence: 0.9, funnelStage: 'hook', relatedOfferIds: [], suggestedActions: [] } });
    await dm(w, 'Do you ship to Canada?');
    await finishedRun(w);
    expect(await modelAnswersThisMonth(w.user.workspaceId)).toBe(1);
    // The chat draws on the same count.
    await w.client.post('/api/kb/chat', { message: 'Do you ship to Canada?' });
    expect(await modelAnswersThisMonth(w.user.workspaceId)).toBe(2);
  });

  it('at the monthly limit it does not call the model and hands off — it does not quote the knowledge base; the step and the activity feed say why', async () => {
    const w = await workspaceWithFlow();
    // Free: 50 model answers a month (contracts/ai.ts aiAllowances), all used.
    await ai.t.app.database.pool.query(
      `insert into ai_model_usage (workspace_id, month, answers) values ($1, date_trunc('month', now() at time zone 'utc')::date, 50)`,
      [w.user.workspaceId],
    );
    await dm(w, 'Do you ship to Canada?');
    const run = await finishedRun(w);
    expect(ai.modelCalls()).toHaveLength(0);
    const step = run.steps.find((s) => s.nodeId === '2');
    expect(step?.output).toMatchObject({
      mode: 'skipped',
      answer: '',
      model: null,
      note: expect.stringContaining('AI allowance (50 model answers) is used up'),
    });
    expect(JSON.stringify(step?.output)).not.toContain('Yes, we ship to Canada in 5-7 days for $9.');
    expect(await outboxTexts(w)).toEqual([]);
    expect(run.steps.map((s) => s.nodeId)).toEqual(['1', '2', '4']);
    expect(await modelAnswersThisMonth(w.user.workspaceId)).toBe(50);
    const { rows } = await ai.t.app.database.pool.query(
      `select action, message from automation_activity where workspace_id = $1 and action = 'ai_reply_without_model'`,
      [w.user.workspaceId],
    );
    expect(rows).toEqual([{ action: 'ai_reply_without_model', message: expect.stringContaining('handed off to a person without an AI answer') }]);
  });

  it('one contact gets AI_CONTACT_ANSWERS_PER_DAY model answers a day, then a person; other contacts still get theirs', async () => {
    const w = await workspaceWithFlow();
    const reply = (answer: string) => ({ json: { answer, confidence: 0.9, funnelStage: 'hook', relatedOfferIds: [], suggestedActions: [] } });
    ai.gemini.script.push(reply('First: yes.'), reply('Second: yes.'), reply('For Leo: yes.'));
    const runs = async () => (await runsOf(w.client, w.flowId)).filter((r) => r.status === 'completed');
    for (const [i, text] of ['Do you ship to Canada?', 'Can you ship to Canada?', 'Ship to Canada, really?'].entries()) {
      await dm(w, text);
      await expect.poll(async () => (await runs()).length, { timeout: 10_000 }).toBe(i + 1);
    }
    expect(ai.modelCalls()).toHaveLength(2);
    const details = await Promise.all((await runs()).map((r) => runDetail(w.client, r.id)));
    const outputs = details.map((d) => d.steps.find((s) => s.nodeId === '2')?.output as { mode: string; note?: string });
    expect(outputs.map((o) => o.mode).sort()).toEqual(['model', 'model', 'skipped']);
    expect(outputs.find((o) => o.mode === 'skipped')?.note).toContain("reached today's AI allowance (2 model answers a day)");
    expect(details.find((d, i) => outputs[i]!.mode === 'skipped')?.steps.at(-1)?.nodeId).toBe('4');
    await dm(w, 'Do you ship to Canada?', { externalUserId: 'sim-leo', name: 'Leo', username: 'leo' });
    await expect.poll(async () => (await runs()).length, { timeout: 10_000 }).toBe(4);
    await expect.poll(() => outboxTexts(w), { timeout: 10_000 }).toEqual(expect.arrayContaining(['First: yes.', 'Second: yes.', 'For Leo: yes.']));
    expect(await outboxTexts(w)).toHaveLength(3);
    // Only the answers made count on the month: the refused one claimed nothing.
    expect(await modelAnswersThisMonth(w.user.workspaceId)).toBe(3);
    const { rows } = await ai.t.app.database.pool.query<{ answers: number }>(
      `select u.answers from ai_contact_usage u join contacts c on c.id = u.contact_id where c.workspace_id = $1 order by u.answers desc`,
      [w.user.workspaceId],
    );
    expect(rows.map((r) => r.answers)).toEqual([2, 1]);
  });

  it('a model failure gives its allowance claim back', async () => {
    const w = await workspaceWithFlow();
    ai.gemini.script.push({ error: 500 }, { error: 500 });
    await dm(w, 'Do you ship to Canada?');
    await finishedRun(w);
    expect(ai.modelCalls()).toHaveLength(2);
    expect(await modelAnswersThisMonth(w.user.workspaceId)).toBe(0);
    const { rows } = await ai.t.app.database.pool.query(
      `select u.answers from ai_contact_usage u join contacts c on c.id = u.contact_id where c.workspace_id = $1`,
      [w.user.workspaceId],
    );
    expect(rows).toEqual([{ answers: 0 }]);
  });
});
