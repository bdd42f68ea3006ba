import { describe, expect, it } from 'vitest';
import { insertKnowledgeEntry } from '../../../db/knowledge/write-entries';
import { edge, keywordTrigger, node, publishFlow, runDetail, runsOf } from '../../../tests/support/flows';
import { useTestApp } from '../../../tests/support/use-test-app';
import { maya } from '../../../tests/support/workspace';

// No AI provider configured: the AI Reply node uses the knowledge-base-only answer and its own
// confidence (0.4 / 0.5 / 0.6 for 1 / 2 / 3+ matching entries), compared with the threshold.
const app = useTestApp();

const flow = {
  nodes: [keywordTrigger(['refund']), node('2', 'aiReply', {}), node('3', 'complete'), node('4', 'complete')],
  edges: [edge('1', '2'), edge('2', '3', 'answered'), edge('2', '4', 'handoff')],
};

async function ask(entries: number) {
  const w = await app.signIn();
  for (let i = 1; i <= entries; i++) {
    await insertKnowledgeEntry(app.pool, w.user.workspaceId, {
      kind: 'faq',
      title: `Refund policy ${i}`,
      body: `Refund rule ${i}: refunds within 30 days.`,
    });
  }
  const flowId = await publishFlow(w.client, flow);
  await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: maya, text: 'What is your refund policy?' });
  await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 10_000 }).toBe('completed');
  const run = await runDetail(w.client, (await runsOf(w.client, flowId))[0]!.id);
  const outbox = (await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as { text: string }[];
  return { run, outbox };
}

describe('AI Reply without a provider', () => {
  it('three matching entries reach the default threshold (0.6): the quotes are sent', async () => {
    const { run, outbox } = await ask(3);
    expect(run.steps.find((s) => s.nodeId === '2')?.output).toMatchObject({ mode: 'knowledge_base', confidence: 0.6, model: null });
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.text).toMatch(/quoted, not written by an AI/);
    expect(run.steps.at(-1)?.nodeId).toBe('3');
  });

  it('one matching entry (0.4) hands off, and so does nothing matched', async () => {
    const one = await ask(1);
    expect(one.run.steps.find((s) => s.nodeId === '2')?.output).toMatchObject({ mode: 'knowledge_base', confidence: 0.4 });
    expect(one.outbox).toEqual([]);
    expect(one.run.steps.at(-1)?.nodeId).toBe('4');
    const none = await ask(0);
    expect(none.run.steps.find((s) => s.nodeId === '2')?.output).toMatchObject({ mode: 'none', confidence: 0 });
    expect(none.run.steps.at(-1)?.nodeId).toBe('4');
  });
});
