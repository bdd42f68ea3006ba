import { describe, expect, it } from 'vitest';
import { startMetaGraphFake } from '../../../tests/fakes/meta-graph.fake';
import { messagingWebhook } from '../../../tests/fakes/meta-webhook-payloads';
import { edge, keywordTrigger, node, publishFlow, runDetail, runsOf } from '../../../tests/support/flows';
import { fakePage, seedMetaAccounts } from '../../../tests/support/meta-accounts';
import { useTestApp } from '../../../tests/support/use-test-app';
import { maya } from '../../../tests/support/workspace';

// Ask a Question (contracts/flows/nodes/ask-question.ts) through the real server: Meta's Graph API as a
// contract fake, and the Simulator's sandbox account.
const app = useTestApp({ fakes: { meta: startMetaGraphFake }, env: { TIMER_PUMP_INTERVAL_MS: '50' } });
const hook = () => `${app.t.baseUrl}/api/webhooks/facebook/webhook`;

const askFlow = {
  nodes: [
    keywordTrigger(['guide']),
    node('2', 'askQuestion', {
      question: 'Your email, {first_name}?',
      answer: 'email',
      retryMessage: 'That is not an email, try again',
      retries: 1,
      timeout: { amount: 1, unit: 'hours' },
      saveAs: 'email',
      offerProfile: true,
    }),
    node('3', 'instagramDM', { text: 'Sent to {field.email}' }),
    node('4', 'instagramDM', { text: 'No worries' }),
    node('5', 'complete'),
  ],
  edges: [edge('1', '2'), edge('2', '3', 'answered'), edge('2', '4', 'invalid'), edge('2', '5', 'timeout'), edge('3', '5'), edge('4', '5')],
};

const leadEmails = async (workspaceId: string) =>
  (await app.pool.query('select email from leads where workspace_id = $1', [workspaceId])).rows.map((r: { email: string }) => r.email);

describe('Ask a Question node', () => {
  it('through Meta: a webhook delivered twice gives one run and one question; a wrong answer is re-asked once; the email resumes the run once and lands on the lead', async () => {
    const w = await app.signIn();
    const page = fakePage('ask');
    app.fakes.meta.addPage(page);
    await seedMetaAccounts(app.pool, w.user.workspaceId, page);
    const igId = page.instagram!.id;
    const flowId = await publishFlow(w.client, askFlow, 'Ask', 'instagram');
    const sender = 'igsid-ask-1';
    const say = async (mid: string, text: string, extra: Record<string, unknown> = {}) => {
      const body = messagingWebhook('instagram', igId, [{ sender, recipient: igId, message: { mid, text, ...extra } }]);
      expect((await app.fakes.meta.deliverWebhook(hook(), body)).status).toBe(200);
      expect((await app.fakes.meta.deliverWebhook(hook(), body)).status).toBe(200);
    };
    const sends = () => app.fakes.meta.sends.filter((s) => s.recipient === sender);
    const waitingAt = async (n: number) => {
      await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 15_000 }).toBe('waiting');
      await expect.poll(() => sends().length, { timeout: 15_000 }).toBe(n);
    };

    await say('mid_ask_1', 'guide please');
    await waitingAt(1);
    // A stranger with no name yet: {first_name} falls back to "there".
    expect(sends()[0]).toMatchObject({ text: 'Your email, there?', quickReplies: [{ content_type: 'user_email' }] });

    await say('mid_ask_2', 'why?');
    await waitingAt(2);
    expect(sends()[1]).toMatchObject({ text: 'That is not an email, try again', quickReplies: [{ content_type: 'user_email' }] });

    // The profile quick reply's tap: the email as text and as payload.
    await say('mid_ask_3', 'ana@example.com', { quick_reply: { payload: 'ana@example.com' } });
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 15_000 }).toBe('completed');
    expect(await runsOf(w.client, flowId)).toHaveLength(1);
    expect(sends().map((s) => s.text)).toEqual(['Your email, there?', 'That is not an email, try again', 'Sent to ana@example.com']);
    expect(await leadEmails(w.user.workspaceId)).toEqual(['ana@example.com']);
    const run = await runDetail(w.client, (await runsOf(w.client, flowId))[0]!.id);
    const answers = run.steps.filter((s) => s.kind === 'askQuestion' && s.output && typeof s.output === 'object' && 'valid' in s.output);
    expect(answers.map((s) => s.output)).toEqual([
      { answer: 'why?', valid: false, reason: 'No email address in the answer', attempt: 1 },
      expect.objectContaining({ answer: 'ana@example.com', valid: true, value: 'ana@example.com', attempt: 2, lead: 'created' }),
    ]);
  });

  it('in the Simulator: two wrong answers follow "Invalid"', async () => {
    const w = await app.signIn();
    const flowId = await publishFlow(w.client, askFlow);
    const dm = async (text: string) =>
      expect((await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: maya, text })).status).toBe(202);
    const outbox = async () => ((await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as { text: string }[]).map((i) => i.text);
    await dm('guide');
    await expect.poll(outbox, { timeout: 15_000 }).toContain('Your email, Maya?');
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 15_000 }).toBe('waiting');
    await dm('nope');
    await expect.poll(outbox, { timeout: 15_000 }).toContain('That is not an email, try again');
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 15_000 }).toBe('waiting');
    await dm('still nope');
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 15_000 }).toBe('completed');
    expect((await outbox()).filter((t) => t === 'No worries')).toHaveLength(1);
    expect(await leadEmails(w.user.workspaceId)).toEqual([]);
  });
});
