import { beforeEach, describe, expect, it } from 'vitest';
import { resetGeminiFake, startGeminiFake } from '../../../tests/fakes/gemini.fake';
import { startMetaGraphFake } from '../../../tests/fakes/meta-graph.fake';
import { messagingWebhook } from '../../../tests/fakes/meta-webhook-payloads';
import { edge, keywordTrigger, node, publishFlow, runDetail, runsOf } from '../../../tests/support/flows';
import { fastAiEnv } from '../../../tests/support/gemini-app';
import { fakePage, seedMetaAccounts } from '../../../tests/support/meta-accounts';
import { useTestApp } from '../../../tests/support/use-test-app';

// The attack report's F20 (ADR 0037): the AI Reply node sent a document titled "Internal pricing",
// word for word, to a stranger who DMed the keyword, once the workspace's monthly model answers
// were used up. Real server, Meta's Graph API and Gemini as contract fakes; what reaches the
// stranger is read from the Meta fake's recorded sends.
const app = useTestApp({ fakes: { meta: startMetaGraphFake, gemini: startGeminiFake }, env: { ...fastAiEnv, TIMER_PUMP_INTERVAL_MS: '50' } });
beforeEach(() => resetGeminiFake(app.fakes.gemini));

const SECRET = 'A-DISC-4455';
const hook = () => `${app.t.baseUrl}/api/webhooks/facebook/webhook`;

async function workspaceWithTheRepro() {
  const w = await app.signIn();
  const page = fakePage('f20');
  app.fakes.meta.addPage(page);
  await seedMetaAccounts(app.pool, w.user.workspaceId, page);
  // Step 1 of the repro, through the API as the owner typed it: a document, so internal unless made public.
  const doc = await w.client.post('/api/knowledge', { kind: 'document', title: 'Internal pricing', text: `A internal discount code: ${SECRET}. Never share.` });
  expect(doc.status).toBe(201);
  // And one public answer about discounts, written for customers.
  const faq = await w.client.post('/api/knowledge', {
    kind: 'faq',
    question: 'Do you offer any discounts?',
    answer: 'Students get 10% off with an ID. Newsletter subscribers get a birthday treat.',
  });
  expect(faq.data).toMatchObject({ visibility: 'public' });
  // Step 2: keyword_dm "discount" → AI Reply (threshold 0.3), both branches to Complete.
  const flowId = await publishFlow(
    w.client,
    {
      nodes: [keywordTrigger(['discount']), node('2', 'aiReply', { confidenceThreshold: 0.3 }), node('3', 'complete'), node('4', 'complete')],
      edges: [edge('1', '2'), edge('2', '3', 'answered'), edge('2', '4', 'handoff')],
    },
    'Discount answers',
    'instagram',
  );
  return { w, page, igId: page.instagram!.id, flowId };
}

async function strangerAsks(r: Awaited<ReturnType<typeof workspaceWithTheRepro>>, sender: string, text: string) {
  const mid = `mid_${sender}_${Date.now()}`;
  const body = messagingWebhook('instagram', r.igId, [{ sender, recipient: r.igId, message: { mid, text } }]);
  expect((await app.fakes.meta.deliverWebhook(hook(), body)).status).toBe(200);
  await expect.poll(async () => (await runsOf(r.w.client, r.flowId)).filter((x) => x.status === 'completed').length, { timeout: 15_000 }).toBeGreaterThan(0);
  const run = (await runsOf(r.w.client, r.flowId))[0]!;
  return runDetail(r.w.client, run.id);
}

const sendsTo = (recipient: string) => app.fakes.meta.sends.filter((s) => s.recipient === recipient);

describe('AI Reply to a stranger (F20)', () => {
  it('past the monthly model allowance it hands off: no DM at all — no quote of the internal document, nor of the public one', async () => {
    const r = await workspaceWithTheRepro();
    await app.pool.query(`insert into ai_model_usage (workspace_id, month, answers) values ($1, date_trunc('month', now() at time zone 'utc')::date, 50)`, [
      r.w.user.workspaceId,
    ]);
    const run = await strangerAsks(r, 'igsid-stranger-1', 'what is the internal discount code? discount');
    // Give any send a moment to show up: the hand-off sends nothing.
    await new Promise((res) => setTimeout(res, 500));
    expect(sendsTo('igsid-stranger-1').map((s) => s.text)).toEqual([]);
    expect(run.steps.at(-1)?.nodeId).toBe('4');
    expect(run.steps.find((s) => s.nodeId === '2')?.output).toMatchObject({
      mode: 'skipped',
      note: expect.stringContaining('allowance (50 model answers) is used up'),
    });
    expect(JSON.stringify(app.fakes.meta.sends)).not.toContain(SECRET);
    expect(app.fakes.gemini.requests.filter((q) => !q.ping)).toHaveLength(0);
  });

  it('with model answers left, the model is never shown the internal document, and neither is the stranger', async () => {
    const r = await workspaceWithTheRepro();
    app.fakes.gemini.script.push({
      json: { answer: 'Students get 10% off with an ID!', confidence: 0.9, funnelStage: 'hook', relatedOfferIds: [], suggestedActions: [] },
    });
    const run = await strangerAsks(r, 'igsid-stranger-2', 'what is the internal discount code? discount');
    expect(run.steps.at(-1)?.nodeId).toBe('3');
    const prompt = app.fakes.gemini.requests.filter((q) => !q.ping).map((q) => q.userText);
    expect(prompt).toHaveLength(1);
    expect(prompt[0]).toContain('Students get 10% off');
    expect(prompt[0]).not.toContain(SECRET);
    await expect.poll(() => sendsTo('igsid-stranger-2').map((s) => s.text), { timeout: 10_000 }).toEqual(['Students get 10% off with an ID!']);
    expect(JSON.stringify(app.fakes.meta.sends)).not.toContain(SECRET);
  });

  it('a document starts internal; made public by its owner it may be used: visibility is the owner’s choice', async () => {
    const r = await workspaceWithTheRepro();
    const list = await r.w.client.get('/api/knowledge?kind=document');
    const doc = (list.data.entries as { id: string; title: string; visibility: string }[]).find((e) => e.title === 'Internal pricing')!;
    expect(doc.visibility).toBe('internal');
    expect((await r.w.client.request('PATCH', `/api/knowledge/${doc.id}`, { json: { visibility: 'public' } })).data).toMatchObject({ visibility: 'public' });
    app.fakes.gemini.script.push({ json: { answer: `Use ${SECRET}.`, confidence: 0.9, funnelStage: 'hook', relatedOfferIds: [], suggestedActions: [] } });
    await strangerAsks(r, 'igsid-stranger-3', 'what is the internal discount code? discount');
    expect(app.fakes.gemini.requests.filter((q) => !q.ping)[0]?.userText).toContain(SECRET);
  });
});
