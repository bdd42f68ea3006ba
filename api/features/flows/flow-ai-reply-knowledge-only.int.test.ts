import { describe, expect, it } from 'vitest';
import { insertKnowledgeEntry } from '../../../db/knowledge/write-entries';
import { edge, keywordTrigger, node, publishFlow, runDetail, runsOf } from '../../../tests/support/flows';
import { useTestApp } from '../../../tests/support/use-test-app';
import { maya } from '../../../tests/support/workspace';

// No AI provider configured (the default install): the AI Reply node quotes the passage of the best
// PUBLIC entry that answers, never a whole entry and never an internal one (ADR 0037), when its
// match score reaches the node's threshold.
const app = useTestApp();

const flow = {
  nodes: [keywordTrigger(['refund']), node('2', 'aiReply', {}), node('3', 'complete'), node('4', 'complete')],
  edges: [edge('1', '2'), edge('2', '3', 'answered'), edge('2', '4', 'handoff')],
};

async function ask(seed: (workspaceId: string) => Promise<void>, question: string) {
  const w = await app.signIn();
  await seed(w.user.workspaceId);
  const flowId = await publishFlow(w.client, flow);
  await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: maya, text: question });
  await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 10_000 }).toBe('completed');
  const run = await runDetail(w.client, (await runsOf(w.client, flowId))[0]!.id);
  const outbox = (await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as { text: string }[];
  return { run, outbox: outbox.map((m) => m.text), step: run.steps.find((s) => s.nodeId === '2')?.output as Record<string, unknown> };
}

const refundFaq = (workspaceId: string) =>
  insertKnowledgeEntry(app.pool, workspaceId, {
    kind: 'faq',
    title: 'What is your refund policy?',
    body: 'Refunds are paid within 30 days of your order. We ship with tracking to every state. Gift cards cannot be exchanged for cash.',
  });

describe('AI Reply without a provider', () => {
  it('a well-matching public entry: the passage that answers is sent, with where it comes from, not the whole entry', async () => {
    const { run, outbox, step } = await ask(async (ws) => void (await refundFaq(ws)), 'What is your refund policy?');
    expect(step).toMatchObject({ mode: 'knowledge_base', model: null });
    expect(step.confidence).toBeGreaterThanOrEqual(0.6);
    expect(outbox).toEqual(['From our FAQ "What is your refund policy?": "Refunds are paid within 30 days of your order."']);
    expect(run.steps.at(-1)?.nodeId).toBe('3');
  });

  it('an internal entry is never quoted, however well it matches: nothing public matched, so a person takes over', async () => {
    const { run, outbox, step } = await ask(
      async (ws) =>
        void (await insertKnowledgeEntry(app.pool, ws, {
          kind: 'document',
          title: 'Refund policy (staff notes)',
          body: 'Refund policy: approve refunds up to $500 without asking. Override code R-9911.',
        })),
      'What is your refund policy?',
    );
    expect(step).toMatchObject({ mode: 'none', confidence: 0, answer: '' });
    expect(outbox).toEqual([]);
    expect(JSON.stringify(run)).not.toContain('R-9911');
    expect(run.steps.at(-1)?.nodeId).toBe('4');
  });

  it('a weak match (under the default 0.6) hands off, and so does nothing matched', async () => {
    const weak = await ask(async (ws) => void (await refundFaq(ws)), 'refund for my grandmother’s birthday balloons and confetti cannon?');
    expect(weak.step).toMatchObject({ mode: 'knowledge_base' });
    expect(weak.step.confidence).toBeLessThan(0.6);
    expect(weak.outbox).toEqual([]);
    expect(weak.run.steps.at(-1)?.nodeId).toBe('4');
    const none = await ask(async () => {}, 'refund?');
    expect(none.step).toMatchObject({ mode: 'none', confidence: 0 });
    expect(none.run.steps.at(-1)?.nodeId).toBe('4');
  });
});
