import { describe, expect, it } from 'vitest';
import type { FlowGraph } from '@contracts/flows';
import { createNode, newFlowGraph, nextNodeId, randomPosition, resolveKind, structureKey, toEditorEdges, toEditorNodes, toFlowGraph } from './flow-graph';

describe('newFlowGraph (docs/product-spec.md §3)', () => {
  it('is exactly one Start trigger at 250,50 with no edges', () => {
    const graph = newFlowGraph();
    expect(graph.edges).toEqual([]);
    expect(graph.nodes).toHaveLength(1);
    expect(graph.nodes[0]).toMatchObject({
      id: '1',
      type: 'default',
      position: { x: 250, y: 50 },
      data: { label: 'Start', kind: 'trigger', platform: 'multi' },
    });
  });
});

describe('nextNodeId', () => {
  it('is the count of nodes plus one', () => {
    expect(nextNodeId([])).toBe('1');
    expect(nextNodeId([{ id: '1' }, { id: '2' }])).toBe('3');
  });
  it('bumps past ids already taken after a deletion', () => {
    // 1, 2, 3 existed; 2 was deleted: count+1 = 3 is taken.
    expect(nextNodeId([{ id: '1' }, { id: '3' }])).toBe('4');
    expect(nextNodeId([{ id: '3' }, { id: '4' }])).toBe('5');
  });
});

describe('randomPosition / createNode', () => {
  it('places nodes between 100 and 400 on both axes', () => {
    expect(randomPosition(() => 0)).toEqual({ x: 100, y: 100 });
    expect(randomPosition(() => 0.999999)).toEqual({ x: 400, y: 400 });
    const p = randomPosition();
    expect(p.x).toBeGreaterThanOrEqual(100);
    expect(p.y).toBeLessThanOrEqual(400);
  });
  it('uses the palette label, platform and default config of the kind', () => {
    const node = createNode(
      'instagramDM',
      [{ id: '1' }],
      randomPosition(() => 0.5),
    );
    expect(node).toMatchObject({
      id: '2',
      type: 'step',
      position: { x: 250, y: 250 },
      data: { label: 'Instagram DM', kind: 'instagramDM', platform: 'instagram', config: { text: '', quickReplies: [] } },
    });
  });
});

describe('graph ↔ canvas state', () => {
  const graph: FlowGraph = {
    nodes: [
      { id: '1', type: 'default', position: { x: 250, y: 50 }, data: { label: 'Start', config: {} } },
      {
        id: '2',
        type: 'default',
        position: { x: 250.4, y: 200 },
        data: { label: 'Is VIP?', kind: 'condition', platform: 'multi', config: { match: 'all', rules: [] } },
        style: { background: 'red' },
      },
      { id: '3', type: 'input', position: { x: 0, y: 0 }, data: { label: 'Delay Timer', config: { amount: 1, unit: 'hours' } } },
    ],
    edges: [
      { source: '1', target: '2' },
      { id: 'x', source: '2', target: '3', sourceHandle: 'yes' },
    ],
  };

  it('resolves legacy kinds from the label', () => {
    expect(resolveKind({ label: 'Start' })).toBe('trigger');
    expect(resolveKind({ label: 'delay timer' })).toBe('delay');
    expect(resolveKind({ label: 'Whatever' })).toBeUndefined();
    expect(resolveKind({ label: 'Start', kind: 'complete' })).toBe('complete');
  });

  it('round-trips, storing kind, style by kind, rounded positions and edge ids', () => {
    const nodes = toEditorNodes(graph.nodes);
    const edges = toEditorEdges(graph.edges);
    expect(nodes.map((n) => n.data.kind)).toEqual(['trigger', 'condition', 'delay']);
    expect(edges.map((e) => e.id)).toEqual(['e1-2', 'x']);
    const back = toFlowGraph(nodes, edges);
    expect(back.nodes[0]?.data).toEqual({ label: 'Start', kind: 'trigger', config: {} });
    expect(back.nodes[1]?.position).toEqual({ x: 250, y: 200 });
    expect(back.nodes[2]?.type).toBe('default');
    expect(back.nodes[1]?.style).toMatchObject({ borderRadius: 8, fontWeight: 'bold' });
    expect(back.edges).toEqual([
      { id: 'e1-2', source: '1', target: '2', sourceHandle: null },
      { id: 'x', source: '2', target: '3', sourceHandle: 'yes' },
    ]);
  });

  it('structureKey ignores positions but not configuration', () => {
    const moved: FlowGraph = { ...graph, nodes: graph.nodes.map((n) => ({ ...n, position: { x: 9, y: 9 } })) };
    expect(structureKey(moved)).toBe(structureKey(graph));
    const edited: FlowGraph = {
      ...graph,
      nodes: graph.nodes.map((n) => (n.id === '3' ? { ...n, data: { ...n.data, config: { amount: 2, unit: 'hours' } } } : n)),
    };
    expect(structureKey(edited)).not.toBe(structureKey(graph));
  });
});
