import type pg from 'pg';
import type { FlowEdge, FlowGraph, FlowNode, NodeKind } from '../../../contracts/flows';
import { nodeKindInfo } from '../../../contracts/flows';
import { claimEmptyWorkspaceForDemoFlows } from '../../../db/flows/demo-seed';
import { saveFlow } from '../../../db/flows/publish-flow';
import { withTransaction } from '../../../db/transaction';
import { compile } from '../../../flow-compiler/compile';

const n = (id: string, kind: NodeKind, x: number, y: number, config: Record<string, unknown>, label?: string): FlowNode => ({
  id,
  type: 'default',
  position: { x, y },
  data: { label: label ?? nodeKindInfo[kind].label, kind, platform: nodeKindInfo[kind].platform, config },
});
const e = (source: string, target: string, sourceHandle?: string): FlowEdge => ({
  id: `e${source}-${sourceHandle ?? 'next'}-${target}`,
  source,
  target,
  sourceHandle: sourceHandle ?? null,
});

/** The demo workspace's flows: one live lead-magnet flow to try from the Simulator, one draft. */
const demoFlows: { name: string; description: string; platform: 'instagram' | 'multi'; active: boolean; graph: FlowGraph }[] = [
  {
    name: 'Free guide → email capture',
    description: 'DM "guide" to get the 5-day posting guide; asks for an email and tags the lead.',
    platform: 'instagram',
    active: true,
    graph: {
      nodes: [
        n('1', 'trigger', 250, 50, { type: 'keyword_dm', keywords: ['guide', 'free guide'], accountId: null, postId: null }, 'Start'),
        n(
          '2',
          'instagramDM',
          250,
          170,
          { text: 'Hi {first_name}! 📘 Here is your free 5-day posting guide: yourbrand.example/guide', quickReplies: [] },
          'Send the guide',
        ),
        n('3', 'delay', 250, 290, { amount: 5, unit: 'seconds' }),
        n('4', 'instagramDM', 250, 410, { text: 'Want the weekly tips too? Reply with your email 💌', quickReplies: [] }, 'Ask for email'),
        n('5', 'waitForReply', 250, 530, { timeout: { amount: 1, unit: 'days' }, saveAs: 'email' }),
        n(
          '6',
          'condition',
          100,
          660,
          { match: 'all', rules: [{ subject: 'field', field: 'email', operator: 'contains', value: '@' }] },
          'Looks like an email?',
        ),
        n('7', 'addTag', 0, 790, { tag: 'newsletter' }),
        n('8', 'instagramDM', 0, 910, { text: "You're in, {first_name}! First tips arrive Monday ✨", quickReplies: [] }, 'Confirm'),
        n(
          '9',
          'instagramDM',
          250,
          790,
          { text: "Hmm, that doesn't look like an email. No worries, the guide is yours either way!", quickReplies: [] },
          'Not an email',
        ),
        n('10', 'addTag', 450, 660, { tag: 'guide-no-reply' }),
        n('11', 'complete', 100, 1030, {}),
      ],
      edges: [
        e('1', '2'),
        e('2', '3'),
        e('3', '4'),
        e('4', '5'),
        e('5', '6', 'reply'),
        e('5', '10', 'timeout'),
        e('6', '7', 'yes'),
        e('6', '9', 'no'),
        e('7', '8'),
        e('8', '11'),
        e('9', '11'),
      ],
    },
  },
  {
    name: 'Comment "launch" → A/B DM (draft)',
    description: 'Split commenters between two launch offers.',
    platform: 'instagram',
    active: false,
    graph: {
      nodes: [
        n('1', 'trigger', 250, 50, { type: 'comment', keywords: ['launch'], accountId: null, postId: null }, 'Start'),
        n('2', 'randomizer', 250, 170, {
          branches: [
            { key: 'A', weight: 50 },
            { key: 'B', weight: 50 },
          ],
        }),
        n('3', 'instagramDM', 100, 300, { text: 'Launch offer A: 20% off with code LAUNCH20', quickReplies: [] }),
        n('4', 'instagramDM', 400, 300, { text: 'Launch offer B: free shipping this week', quickReplies: [] }),
      ],
      edges: [e('1', '2'), e('2', '3', 'A'), e('2', '4', 'B')],
    },
  },
];

/** Seeds the demo flows once (skipped when the workspace already has flows); the live ones are published as version 1. */
export async function seedDemoFlows(pool: pg.Pool, workspaceId: string): Promise<void> {
  await withTransaction(pool, async (client) => {
    if (!(await claimEmptyWorkspaceForDemoFlows(client, workspaceId))) return;
    for (const f of demoFlows) {
      const compiled = compile(f.graph, f.platform);
      if (!compiled.ok) throw new Error(`demo flow "${f.name}" does not compile: ${JSON.stringify(compiled.errors)}`);
      const body = { name: f.name, description: f.description, platform: f.platform, flowData: f.graph, isActive: f.active };
      await saveFlow(client, workspaceId, null, body, f.active ? compiled.plan : null);
    }
  });
}
