import { describe, expect, it } from 'vitest';
import type { FlowNode, NodeKind, RunList } from '../../contracts/flows';
import { insertKnowledgeEntry } from '../../db/knowledge/write-entries';
import { useGeminiE2E } from '../support/gemini-e2e';

// AI Reply E2E: the real server with Gemini at its contract fake and a real Chromium. A flow
// keyword DM → AI Reply → (Answered) Complete / (Handoff) Add Tag is published; the editor shows the
// node with its two labelled exits and its config; a Simulator DM is answered with the model's
// answer; the run's timeline shows the question, answer and match score.

const ai = useGeminiE2E({ AI_MAX_RETRIES: '0', AI_TIMEOUT_MS: '3000' });

const at = (id: string, kind: NodeKind, x: number, y: number, config: Record<string, unknown>, label: string): FlowNode => ({
  id,
  type: 'default',
  position: { x, y },
  data: { label, kind, config },
});

describe('AI Reply node', () => {
  it('is configured in the editor, answers a Simulator DM from the knowledge base and shows the answer in the run timeline', async () => {
    const page = await ai.e2e.newPage();
    const { email, workspaceId } = await ai.register(page, { firstName: 'Ada', lastName: 'Reply' });
    await insertKnowledgeEntry(ai.db, workspaceId, {
      kind: 'faq',
      title: 'Shipping to Norway',
      body: 'We ship to Norway in 3 to 5 working days; free over $80.',
    });

    const graph = {
      nodes: [
        at('1', 'trigger', 260, 40, { type: 'keyword_dm', keywords: ['ship'], accountId: null, postId: null }, 'Start'),
        at('2', 'aiReply', 260, 200, { confidenceThreshold: 0.7, handoffTag: 'needs-human', instructions: 'Friendly and short' }, 'Answer shipping questions'),
        at('3', 'complete', 80, 340, {}, 'Complete'),
        at('4', 'addTag', 400, 340, { tag: 'handed-off' }, 'Add Tag'),
      ],
      edges: [
        { id: 'e1-2', source: '1', target: '2', sourceHandle: null },
        { id: 'e2-answered-3', source: '2', target: '3', sourceHandle: 'answered' },
        { id: 'e2-handoff-4', source: '2', target: '4', sourceHandle: 'handoff' },
      ],
    };
    const created = await page.request.post('/api/flows', { data: { name: 'AI answers (e2e)', platform: 'multi', flowData: graph, isActive: true } });
    expect(created.status()).toBe(201);
    const flowId = ((await created.json()) as { id: string }).id;

    // The editor: palette entry, the node with its two labelled exits, its config form.
    await page.goto(`/flows/${flowId}`);
    const aiNode = page.locator('.react-flow__node[data-id="2"]');
    await aiNode.waitFor();
    await page.locator('button[data-kind="aiReply"]').waitFor();
    await aiNode.locator('.react-flow__handle.source[data-handleid="answered"]').waitFor({ state: 'attached' });
    await aiNode.locator('.react-flow__handle.source[data-handleid="handoff"]').waitFor({ state: 'attached' });
    await aiNode.getByText('Answered', { exact: true }).waitFor();
    await aiNode.getByText('Handoff', { exact: true }).waitFor();
    await aiNode.click();
    await page.locator('[data-config-node-id="2"]').waitFor();
    expect(await page.getByLabel('Minimum match score (0 to 1)').inputValue()).toBe('0.7');
    expect(await page.getByLabel('Hand-off tag').inputValue()).toBe('needs-human');
    await page.waitForTimeout(300); // the selection ring fades in
    await ai.e2e.screenshot(page, 'ai-reply-node');

    // A Simulator DM with the keyword is answered with the model's answer.
    ai.gemini.script.push({
      json: {
        answer: 'Yes! Norway takes 3 to 5 working days, free over $80.',
        confidence: 0.9,
        funnelStage: 'prescribe',
        relatedOfferIds: [],
        suggestedActions: [],
      },
    });
    const sim = await ai.e2e.newPage();
    await sim.request.post('/api/auth/login', { data: { email, password: 'secret12' } });
    await sim.goto('/simulator');
    await sim.getByRole('heading', { name: 'Simulator', level: 1 }).waitFor();
    await sim
      .getByRole('radiogroup', { name: 'Sandbox account' })
      .getByRole('radio', { name: /Instagram/ })
      .click();
    await sim.getByLabel('Act as contact').selectOption({ label: '+ New contact…' });
    await sim.getByLabel("New contact's name").fill('Nora North');
    await sim.getByLabel(/^DM @.+ as @nora_north$/).fill('Do you ship to Norway?');
    await sim.getByRole('button', { name: 'Send DM' }).click();
    const panel = sim.getByRole('region', { name: 'What your customer sees' });
    await panel.getByText('Yes! Norway takes 3 to 5 working days, free over $80.').waitFor({ timeout: 20_000 });

    // The run completed; its timeline shows the answer step.
    let runId = '';
    await expect
      .poll(
        async () => {
          const list = (await (await page.request.get(`/api/runs?flowId=${flowId}`)).json()) as RunList;
          runId = list.runs[0]?.id ?? '';
          return list.runs.map((r) => r.status);
        },
        { timeout: 20_000 },
      )
      .toEqual(['completed']);
    await page.goto(`/runs/${runId}`);
    const answer = page.getByTestId('ai-answer').first();
    await answer.waitFor();
    await answer.getByText(/^match score [01]\.\d\d$/).waitFor();
    await answer.getByText('the model rated its answer 0.90').waitFor();
    await answer.getByText('Do you ship to Norway?').waitFor();
    await answer.getByText('Sources: Shipping to Norway').waitFor();
    await ai.e2e.screenshot(page, 'ai-reply-run-timeline');
  });
});
