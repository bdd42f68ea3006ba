import type { XYPosition } from '@xyflow/react';
import type { NodeKind } from '@contracts/flows';
import { connectEdge } from './edge-helpers';
import { createNode, edgeIdOf, nextNodeId, type EditorEdge, type EditorNode } from './flow-graph';
import { sourceHandlesOf } from './node-summary';

/** Space between a node and the next one below it, and between neighbours on one layer. */
export const layout = { rowGap: 150, columnGap: 280, nodeWidth: 240 } as const;

/** Why the palette refuses a kind here, or null when it can be added. */
export function addRefusal(nodes: EditorNode[], kind: NodeKind): string | null {
  if (kind === 'trigger' && nodes.some((n) => n.data.kind === 'trigger')) {
    return 'This flow already has its trigger. A flow starts from exactly one: select the Start node to change what starts it.';
  }
  return null;
}

/** The source handles of `node` that lead nowhere yet (a single-exit node: [null] when free); each gets a "+" on the canvas. */
export function freeHandles(node: EditorNode, edges: EditorEdge[]): Array<string | null> {
  const handles = sourceHandlesOf(node.data.kind, node.data.config);
  const used = new Set(edges.filter((e) => e.source === node.id).map((e) => e.sourceHandle ?? null));
  if (handles === null) return used.has(null) ? [] : [null];
  return handles.filter((h) => !used.has(h));
}

/**
 * Where a new node attaches: the selected node when exactly one is selected, otherwise the end of
 * the path (the last added node that still has a free exit, the trigger included). null = nothing to attach to.
 */
export function anchorOf(nodes: EditorNode[], edges: EditorEdge[]): EditorNode | null {
  const selected = nodes.filter((n) => n.selected);
  if (selected.length === 1) return selected[0]!;
  for (let i = nodes.length - 1; i >= 0; i -= 1) {
    const node = nodes[i]!;
    if (node.data.kind !== 'complete' && freeHandles(node, edges).length > 0) return node;
  }
  return null;
}

function occupied(nodes: EditorNode[], p: XYPosition): boolean {
  return nodes.some((n) => Math.abs(n.position.x - p.x) < layout.nodeWidth && Math.abs(n.position.y - p.y) < layout.rowGap - 30);
}

/**
 * Below `anchor` (one row down), moved right until no node is there. Under a branch (`fan` = its
 * index among the node's `of` branches) it starts spread out, so Yes and No children sit side by side.
 */
export function spotBelow(nodes: EditorNode[], anchor: EditorNode | null, fan: { index: number; of: number } | null = null): XYPosition {
  const spread = fan && fan.of > 1 ? Math.round((fan.index - (fan.of - 1) / 2) * layout.columnGap) : 0;
  const base = anchor
    ? { x: anchor.position.x + spread, y: anchor.position.y + Math.max(layout.rowGap, (anchor.measured?.height ?? 0) + 60) }
    : { x: 250, y: 50 };
  let p = base;
  for (let i = 1; occupied(nodes, p) && i < 50; i += 1) p = { x: base.x + i * layout.columnGap, y: base.y };
  return p;
}

export interface AppendResult {
  nodes: EditorNode[];
  edges: EditorEdge[];
}

/** A "+" on one exit: the node and its handle (null: a node's single unnamed exit). */
export interface AddFrom {
  nodeId: string;
  handle: string | null;
}

/**
 * The palette's add: the new node lands below its anchor (see `anchorOf`; `from`: that node, from
 * that exit, the "+" on a handle) and, when the anchor has a free exit, is wired to it (`from`'s
 * handle when free, else the first free branch). Selected, so the next add chains after it.
 * Returns null when the kind is refused (`addRefusal`).
 */
export function appendNode(nodes: EditorNode[], edges: EditorEdge[], kind: NodeKind, from: AddFrom | null = null): AppendResult | null {
  if (addRefusal(nodes, kind)) return null;
  const picked = from ? (nodes.find((n) => n.id === from.nodeId) ?? null) : null;
  const anchor = kind === 'trigger' ? null : (picked ?? anchorOf(nodes, edges));
  const free = anchor ? freeHandles(anchor, edges) : [];
  const handle = from && picked === anchor && free.includes(from.handle) ? from.handle : free[0];
  const branches = anchor ? sourceHandlesOf(anchor.data.kind, anchor.data.config) : null;
  const fan = branches && handle ? { index: branches.indexOf(handle), of: branches.length } : null;
  const node = createNode(kind, nodes, spotBelow(nodes, anchor, fan));
  const deselected = nodes.map((n) => (n.selected ? { ...n, selected: false } : n));
  let nextEdges = edges.map((e) => (e.selected ? { ...e, selected: false } : e));
  if (anchor && handle !== undefined) {
    nextEdges = connectEdge(nextEdges, { source: anchor.id, target: node.id, sourceHandle: handle, targetHandle: null });
  }
  return { nodes: [...deselected, node], edges: nextEdges };
}

/** What Copy keeps: the selected nodes (never the trigger: a flow has one) and the edges between them. */
export interface Clipboard {
  nodes: EditorNode[];
  edges: EditorEdge[];
}

export function copySelection(nodes: EditorNode[], edges: EditorEdge[]): Clipboard | null {
  const picked = nodes.filter((n) => n.selected && n.data.kind !== 'trigger');
  if (picked.length === 0) return null;
  const ids = new Set(picked.map((n) => n.id));
  return {
    nodes: picked.map((n) => ({ ...n, selected: false, dragging: false, data: { ...n.data, config: structuredClone(n.data.config) } })),
    edges: edges.filter((e) => ids.has(e.source) && ids.has(e.target)).map((e) => ({ ...e, selected: false })),
  };
}

/** Paste: fresh ids, shifted by `offset`, inner edges re-pointed; the pasted nodes become the selection. */
export function pasteClipboard(nodes: EditorNode[], edges: EditorEdge[], clip: Clipboard, offset: XYPosition): AppendResult {
  const idMap = new Map<string, string>();
  const all: Array<{ id: string }> = [...nodes];
  const added: EditorNode[] = [];
  for (const n of clip.nodes) {
    const id = nextNodeId(all);
    idMap.set(n.id, id);
    all.push({ id });
    added.push({
      ...n,
      id,
      selected: true,
      position: { x: n.position.x + offset.x, y: n.position.y + offset.y },
      data: { ...n.data, config: structuredClone(n.data.config) },
    });
  }
  const addedEdges = clip.edges.map((e) => {
    const source = idMap.get(e.source)!;
    const target = idMap.get(e.target)!;
    const sourceHandle = e.sourceHandle ?? null;
    return { id: edgeIdOf({ source, target, sourceHandle }), source, target, sourceHandle, targetHandle: e.targetHandle ?? null, selected: false };
  });
  return {
    nodes: [...nodes.map((n) => (n.selected ? { ...n, selected: false } : n)), ...added],
    edges: [...edges.map((e) => (e.selected ? { ...e, selected: false } : e)), ...addedEdges],
  };
}

/**
 * A simple layered layout (top to bottom): each node's layer is its distance from the trigger
 * along edges (breadth first); a layer's nodes sit side by side in the order they were reached,
 * centred under the trigger. Nodes the trigger does not reach go on rows below.
 */
export function layeredPositions(nodes: EditorNode[], edges: EditorEdge[]): Map<string, XYPosition> {
  const out = new Map<string, string[]>();
  for (const e of edges) out.set(e.source, [...(out.get(e.source) ?? []), e.target]);
  const depth = new Map<string, number>();
  const order: string[] = [];
  const roots = nodes.filter((n) => n.data.kind === 'trigger').map((n) => n.id);
  const queue = [...roots];
  for (const r of roots) depth.set(r, 0);
  while (queue.length > 0) {
    const id = queue.shift()!;
    order.push(id);
    for (const next of out.get(id) ?? []) {
      if (depth.has(next)) continue;
      depth.set(next, depth.get(id)! + 1);
      queue.push(next);
    }
  }
  let maxDepth = Math.max(-1, ...depth.values());
  for (const n of nodes) {
    if (depth.has(n.id)) continue;
    maxDepth += 1;
    depth.set(n.id, maxDepth);
    order.push(n.id);
  }
  const layers = new Map<number, string[]>();
  for (const id of order) {
    const d = depth.get(id)!;
    layers.set(d, [...(layers.get(d) ?? []), id]);
  }
  const trigger = nodes.find((n) => n.data.kind === 'trigger');
  const centreX = trigger ? trigger.position.x : 250;
  const top = trigger ? trigger.position.y : 50;
  const positions = new Map<string, XYPosition>();
  for (const [d, ids] of layers) {
    ids.forEach((id, i) => {
      positions.set(id, { x: Math.round(centreX + (i - (ids.length - 1) / 2) * layout.columnGap), y: top + d * layout.rowGap });
    });
  }
  return positions;
}
