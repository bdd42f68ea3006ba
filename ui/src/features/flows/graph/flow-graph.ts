import type { Edge, Node, XYPosition } from '@xyflow/react';
import { defaultConfig, nodeKindInfo, nodeKinds, type FlowEdge, type FlowGraph, type FlowNode, type NodeKind } from '@contracts/flows';
import { nodeStyleOf } from './node-colors';

/** What a canvas node carries: the contract's `data`, with the kind resolved. */
export type EditorNodeData = {
  label: string;
  kind: NodeKind | undefined;
  platform: string | undefined;
  config: Record<string, unknown>;
};
/** Canvas type 'step' (our node component); saved as type 'default' (docs/product-spec.md §3). */
export type EditorNode = Node<EditorNodeData, 'step'>;
export type EditorEdge = Edge;

/** docs/product-spec.md §3: a new flow is one "Start" trigger at 250,50 and no edges. */
export function newFlowGraph(): FlowGraph {
  return {
    nodes: [
      {
        id: '1',
        type: 'default',
        position: { x: 250, y: 50 },
        data: { label: 'Start', kind: 'trigger', platform: 'multi', config: defaultConfig('trigger') },
      },
    ],
    edges: [],
  };
}

const kindByLabel = new Map<string, NodeKind>(nodeKinds.map((kind) => [nodeKindInfo[kind].label.toLowerCase(), kind] as const));

/** A node's kind; legacy nodes without one are read from their label ("Start" is the trigger). */
export function resolveKind(data: { kind?: NodeKind; label?: string }): NodeKind | undefined {
  if (data.kind) return data.kind;
  const label = (data.label ?? '').trim().toLowerCase();
  if (label === 'start') return 'trigger';
  return kindByLabel.get(label);
}

export function toEditorNodes(nodes: FlowNode[]): EditorNode[] {
  return nodes.map((node) => ({
    id: node.id,
    type: 'step',
    position: { x: node.position.x, y: node.position.y },
    data: {
      label: node.data.label ?? '',
      kind: resolveKind(node.data),
      platform: node.data.platform,
      config: node.data.config ?? {},
    },
  }));
}

export function edgeIdOf(edge: Pick<FlowEdge, 'source' | 'target' | 'sourceHandle'>): string {
  return `e${edge.source}${edge.sourceHandle ? `-${edge.sourceHandle}` : ''}-${edge.target}`;
}

export function toEditorEdges(edges: FlowEdge[]): EditorEdge[] {
  return edges.map((edge) => ({
    id: edge.id ?? edgeIdOf(edge),
    source: edge.source,
    target: edge.target,
    sourceHandle: edge.sourceHandle ?? null,
    targetHandle: edge.targetHandle ?? null,
  }));
}

/** The canvas state as the API stores it (docs/product-spec.md §3 node shape, style by kind included). */
export function toFlowGraph(nodes: EditorNode[], edges: EditorEdge[]): FlowGraph {
  return {
    nodes: nodes.map((node) => ({
      id: node.id,
      type: 'default',
      position: { x: Math.round(node.position.x), y: Math.round(node.position.y) },
      data: {
        label: node.data.label,
        ...(node.data.kind ? { kind: node.data.kind } : {}),
        ...(node.data.platform ? { platform: node.data.platform } : {}),
        config: node.data.config,
      },
      ...(node.data.kind ? { style: nodeStyleOf(node.data.kind) } : {}),
    })),
    edges: edges.map((edge) => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      sourceHandle: edge.sourceHandle ?? null,
      ...(edge.targetHandle ? { targetHandle: edge.targetHandle } : {}),
    })),
  };
}

/** The graph without positions: what validation depends on (dragging a node does not revalidate). */
export function structureKey(graph: FlowGraph): string {
  return JSON.stringify({
    nodes: graph.nodes.map((n) => [n.id, n.data.kind ?? null, n.data.label, n.data.config]),
    // Edge ids too: the compiler's edge errors point at them.
    edges: graph.edges.map((e) => [e.id ?? null, e.source, e.sourceHandle ?? null, e.target]),
  });
}

/** docs/product-spec.md §3: id = count of existing nodes + 1, bumped past ids already taken (after deletions). */
export function nextNodeId(nodes: Array<{ id: string }>): string {
  const taken = new Set(nodes.map((n) => n.id));
  let n = nodes.length + 1;
  while (taken.has(String(n))) n += 1;
  return String(n);
}

/** docs/product-spec.md §9: new nodes land at a random position, 100–400 on both axes. */
export function randomPosition(random: () => number = Math.random): { x: number; y: number } {
  return { x: Math.round(100 + random() * 300), y: Math.round(100 + random() * 300) };
}

/** A palette drop at `position`: default label, platform and configuration of the kind, selected. */
export function createNode(kind: NodeKind, existing: Array<{ id: string }>, position: XYPosition): EditorNode {
  const info = nodeKindInfo[kind];
  return {
    id: nextNodeId(existing),
    type: 'step',
    position,
    selected: true,
    data: { label: info.label, kind, platform: info.platform, config: defaultConfig(kind) },
  };
}
