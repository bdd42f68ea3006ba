import type { FlowGraph } from '@contracts/flows';
import { toEditorEdges, toEditorNodes } from './flow-graph';
import type { FlowDraft } from './flow-operations';

const at = (x: number, y: number) => ({ x, y });

/**
 * A small flow for the operation tests: Start → Ask (condition: yes → DM, no → Split) and a
 * randomizer "Split" with branches A and B → Done. Every kind of exit is present: none (trigger
 * input), one unnamed, two fixed branches, named branches, and none out of Complete.
 */
export const sampleGraph: FlowGraph = {
  nodes: [
    { id: '1', type: 'default', position: at(0, 0), data: { label: 'Start', kind: 'trigger', config: { type: 'keyword_dm', keywords: ['hi'] } } },
    { id: '2', type: 'default', position: at(0, 100), data: { label: 'Ask', kind: 'condition', config: { match: 'all', rules: [] } } },
    { id: '3', type: 'default', position: at(0, 200), data: { label: 'DM', kind: 'instagramDM', config: { text: 'hello', quickReplies: [] } } },
    {
      id: '4',
      type: 'default',
      position: at(200, 200),
      data: {
        label: 'Split',
        kind: 'randomizer',
        config: {
          branches: [
            { key: 'A', weight: 50 },
            { key: 'B', weight: 50 },
          ],
        },
      },
    },
    { id: '5', type: 'default', position: at(0, 300), data: { label: 'Done', kind: 'complete', config: {} } },
  ],
  edges: [
    { id: 'e1-2', source: '1', target: '2', sourceHandle: null },
    { id: 'e2-yes-3', source: '2', target: '3', sourceHandle: 'yes' },
    { id: 'e2-no-4', source: '2', target: '4', sourceHandle: 'no' },
    { id: 'e3-5', source: '3', target: '5', sourceHandle: null },
    { id: 'e4-A-5', source: '4', target: '5', sourceHandle: 'A' },
    { id: 'e4-B-5', source: '4', target: '5', sourceHandle: 'B' },
  ],
};

export function sampleDraft(): FlowDraft {
  return {
    settings: { name: 'Sample', description: '', platform: 'multi' },
    nodes: toEditorNodes(sampleGraph.nodes),
    edges: toEditorEdges(sampleGraph.edges),
  };
}

/** Edges as [source, handle, target], the shape the compiler reads. */
export const wiring = (draft: FlowDraft) => draft.edges.map((e) => [e.source, e.sourceHandle ?? null, e.target]);

/** Freezes the draft all the way down, so a test fails if an operation mutates its input. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
