import { describe, expect, it } from 'vitest';
import { nodeKinds } from '@contracts/flows';
import { toFlowGraph } from './flow-graph';
import { applyFlowOperation, type FlowDraft, type FlowOperation } from './flow-operations';
import { deepFreeze, sampleDraft } from './flow-operations.fixture';
import { sourceHandlesOf } from './node-summary';

/** A small deterministic generator (no Math.random: a failure must replay). */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

function randomOperation(draft: FlowDraft, random: () => number): FlowOperation {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const ids = [...draft.nodes.map((n) => n.id), '99'];
  const handles = ['yes', 'no', 'A', 'B', 'Promo', 'reply', null];
  switch (pick(['add', 'connect', 'connect', 'deleteNode', 'deleteEdge', 'branches', 'move', 'select'] as const)) {
    case 'add':
      return { type: 'addNode', kind: pick(nodeKinds), position: { x: 1, y: 2 } };
    case 'connect':
      return { type: 'connect', connection: { source: pick(ids), target: pick(ids), sourceHandle: pick(handles), targetHandle: null } };
    case 'deleteNode':
      return { type: 'deleteNodes', nodeIds: [pick(ids)] };
    case 'deleteEdge':
      return { type: 'deleteEdges', edgeIds: [pick(draft.edges.map((e) => e.id).concat('nope'))] };
    case 'branches': {
      const keys = [pick(['A', 'Promo']), pick(['B', 'C']), ...(random() < 0.5 ? ['D'] : [])];
      return { type: 'updateNodeConfig', nodeId: pick(ids), config: { branches: keys.map((key) => ({ key, weight: 10 })) } };
    }
    case 'move':
      return { type: 'moveNodes', moves: [{ nodeId: pick(ids), position: { x: random() * 500, y: random() * 500 } }] };
    case 'select':
      return { type: 'selectOnlyNode', nodeId: pick(ids) };
  }
}

/** What must hold after any sequence of operations from a well-formed draft. */
function expectWellFormed(draft: FlowDraft) {
  const nodes = new Map(draft.nodes.map((n) => [n.id, n]));
  expect(nodes.size).toBe(draft.nodes.length); // ids are unique
  const exits = new Set<string>();
  for (const edge of draft.edges) {
    const source = nodes.get(edge.source);
    // No edge points at a node that is gone, none comes back into its own node or the Trigger.
    expect(source).toBeDefined();
    expect(nodes.has(edge.target)).toBe(true);
    expect(edge.source).not.toBe(edge.target);
    expect(nodes.get(edge.target)?.data.kind).not.toBe('trigger');
    // Every edge leaves from a handle the node draws, and each handle has at most one edge.
    const handles = sourceHandlesOf(source!.data.kind, source!.data.config);
    const handle = edge.sourceHandle ?? null;
    expect(handles === null ? handle === null : handle !== null && handles.includes(handle)).toBe(true);
    const exit = `${edge.source}/${handle}`;
    expect(exits.has(exit)).toBe(false);
    exits.add(exit);
  }
}

describe('flow operations: invariants over random edit sequences', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('seed %i: 300 operations keep the draft well formed, never mutating the input', (seed) => {
    const random = seeded(seed);
    let draft = deepFreeze(sampleDraft());
    for (let i = 0; i < 300; i += 1) {
      // Frozen input: an operation that mutated it would throw here.
      draft = deepFreeze(applyFlowOperation(draft, randomOperation(draft, random)));
      expectWellFormed(draft);
    }
  });
});

describe('view operations never change what is saved', () => {
  const draft = deepFreeze(sampleDraft());
  const view: FlowOperation[] = [
    { type: 'selectNodes', changes: [{ nodeId: '2', selected: true }] },
    { type: 'selectEdges', changes: [{ edgeId: 'e1-2', selected: true }] },
    { type: 'selectOnlyNode', nodeId: '3' },
    { type: 'measureNodes', sizes: [{ nodeId: '3', width: 240, height: 80 }] },
    { type: 'moveNodes', moves: [{ nodeId: '3', dragging: true }] },
  ];
  it.each(view.map((op) => [op.type, op] as const))('%s', (_, op) => {
    const next = applyFlowOperation(draft, op);
    expect(next).not.toBe(draft);
    expect(toFlowGraph(next.nodes, next.edges)).toEqual(toFlowGraph(draft.nodes, draft.edges));
  });
});
