import type { Connection, XYPosition } from '@xyflow/react';
import type { FlowPlatform, NodeKind } from '@contracts/flows';
import { addRefusal, appendNode, layeredPositions, pasteClipboard, type AddFrom, type Clipboard } from './builder-operations';
import { connectEdge, reconcileHandles } from './edge-helpers';
import { createNode, type EditorEdge, type EditorNode } from './flow-graph';
import { handleLabel, sourceHandlesOf } from './node-summary';

export interface FlowSettings {
  name: string;
  description: string;
  platform: FlowPlatform;
}

/**
 * The flow being edited, as the canvas holds it. React Flow is controlled, so selection, drag and
 * measured size live on the nodes and edges too; `toFlowGraph` leaves them out of what is saved.
 */
export interface FlowDraft {
  settings: FlowSettings;
  nodes: EditorNode[];
  edges: EditorEdge[];
}

/** One node's new place during or after a drag (React Flow's position change). */
export interface NodeMove {
  nodeId: string;
  position?: XYPosition;
  dragging?: boolean;
}

/**
 * Every edit the editor makes, as data (Activepieces' flow operations, Typebot's actions): the
 * hook only dispatches these, so each is tested here and an undo stack can later replay them.
 * The last four only change what is selected or measured, never the saved flow.
 */
export type FlowOperation =
  | { type: 'setName'; name: string }
  | { type: 'setDescription'; description: string }
  | { type: 'setPlatform'; platform: FlowPlatform }
  /** `position` comes from the caller (docs/product-spec.md §9: random) so applying an operation stays deterministic. */
  | { type: 'addNode'; kind: NodeKind; position: XYPosition }
  /** The palette's add: below the selected node (or the end of the path, or `from`: a "+" on one exit) and wired to it (builder-operations.ts). */
  | { type: 'appendNode'; kind: NodeKind; from?: AddFrom | null }
  /** Copy/paste and duplicate: the clipboard's nodes with fresh ids, shifted by `offset`. */
  | { type: 'paste'; clipboard: Clipboard; offset: XYPosition }
  /** Auto-layout: every node placed by `layeredPositions`. */
  | { type: 'autoLayout' }
  | { type: 'updateNodeLabel'; nodeId: string; label: string }
  | { type: 'updateNodeConfig'; nodeId: string; config: Record<string, unknown> }
  | { type: 'moveNodes'; moves: NodeMove[] }
  /** Nodes (with every edge touching them) and any other `edgeIds`, as ONE edit: one undo brings all of them back. */
  | { type: 'deleteNodes'; nodeIds: string[]; edgeIds?: string[] }
  | { type: 'connect'; connection: Connection }
  | { type: 'deleteEdges'; edgeIds: string[] }
  | { type: 'selectNodes'; changes: Array<{ nodeId: string; selected: boolean }> }
  | { type: 'selectEdges'; changes: Array<{ edgeId: string; selected: boolean }> }
  | { type: 'selectOnlyNode'; nodeId: string }
  | { type: 'measureNodes'; sizes: Array<{ nodeId: string; width: number; height: number }> };

/**
 * The draft after `op`. Pure and immutable: nodes and edges an operation does not touch keep their
 * identity (React Flow skips re-rendering them), and an operation that changes nothing returns
 * `draft` itself, so React skips the render altogether.
 */
export function applyFlowOperation(draft: FlowDraft, op: FlowOperation): FlowDraft {
  switch (op.type) {
    case 'setName':
      return withSettings(draft, { name: op.name });
    case 'setDescription':
      return withSettings(draft, { description: op.description });
    case 'setPlatform':
      return withSettings(draft, { platform: op.platform });
    case 'addNode': {
      if (addRefusal(draft.nodes, op.kind)) return draft;
      // The new node is the only selected element, so its configuration opens in the panel.
      const node = createNode(op.kind, draft.nodes, op.position);
      return {
        ...draft,
        nodes: [...mapChanged(draft.nodes, (n) => (n.selected ? { ...n, selected: false } : n)), node],
        edges: mapChanged(draft.edges, (e) => (e.selected ? { ...e, selected: false } : e)),
      };
    }
    case 'appendNode': {
      const next = appendNode(draft.nodes, draft.edges, op.kind, op.from ?? null);
      return next ? { ...draft, ...next } : draft;
    }
    case 'paste':
      return op.clipboard.nodes.length === 0 ? draft : { ...draft, ...pasteClipboard(draft.nodes, draft.edges, op.clipboard, op.offset) };
    case 'autoLayout': {
      const positions = layeredPositions(draft.nodes, draft.edges);
      return withNodes(draft, (n) => {
        const p = positions.get(n.id);
        return !p || (p.x === n.position.x && p.y === n.position.y) ? n : { ...n, position: p };
      });
    }
    case 'updateNodeLabel':
      return withNodes(draft, (n) => (n.id === op.nodeId && n.data.label !== op.label ? { ...n, data: { ...n.data, label: op.label } } : n));
    case 'updateNodeConfig': {
      const node = draft.nodes.find((n) => n.id === op.nodeId);
      if (!node) return draft;
      // Edges follow renamed branches and go with removed ones.
      const before = sourceHandlesOf(node.data.kind, node.data.config);
      const after = sourceHandlesOf(node.data.kind, op.config);
      return {
        ...draft,
        nodes: draft.nodes.map((n) => (n === node ? { ...n, data: { ...n.data, config: op.config } } : n)),
        edges: reconcileHandles(draft.edges, node.id, before, after),
      };
    }
    case 'moveNodes': {
      const moves = new Map(op.moves.map((m) => [m.nodeId, m]));
      return withNodes(draft, (n) => {
        const move = moves.get(n.id);
        if (!move) return n;
        return {
          ...n,
          ...(move.position ? { position: move.position } : {}),
          ...(move.dragging !== undefined ? { dragging: move.dragging } : {}),
        };
      });
    }
    case 'deleteNodes': {
      const gone = new Set(op.nodeIds);
      const goneEdges = new Set(op.edgeIds ?? []);
      const nodes = draft.nodes.filter((n) => !gone.has(n.id));
      // A node never leaves edges behind that point at nothing.
      const edges = draft.edges.filter((e) => !gone.has(e.source) && !gone.has(e.target) && !goneEdges.has(e.id));
      if (nodes.length === draft.nodes.length && edges.length === draft.edges.length) return draft;
      return { ...draft, nodes, edges };
    }
    case 'connect': {
      if (connectRefusal(draft.nodes, op.connection) !== null) return draft;
      const edges = connectEdge(draft.edges, op.connection);
      return edges === draft.edges ? draft : { ...draft, edges };
    }
    case 'deleteEdges': {
      const gone = new Set(op.edgeIds);
      const edges = draft.edges.filter((e) => !gone.has(e.id));
      return edges.length === draft.edges.length ? draft : { ...draft, edges };
    }
    case 'selectNodes': {
      const selected = new Map(op.changes.map((c) => [c.nodeId, c.selected]));
      return withNodes(draft, (n) => {
        const next = selected.get(n.id);
        return next === undefined || !!n.selected === next ? n : { ...n, selected: next };
      });
    }
    case 'selectEdges': {
      const selected = new Map(op.changes.map((c) => [c.edgeId, c.selected]));
      const edges = mapChanged(draft.edges, (e) => {
        const next = selected.get(e.id);
        return next === undefined || !!e.selected === next ? e : { ...e, selected: next };
      });
      return edges === draft.edges ? draft : { ...draft, edges };
    }
    case 'selectOnlyNode':
      // The problems panel picks a node: only its selection changes (edges keep theirs, as before).
      return withNodes(draft, (n) => (!!n.selected === (n.id === op.nodeId) ? n : { ...n, selected: n.id === op.nodeId }));
    case 'measureNodes': {
      const sizes = new Map(op.sizes.map((s) => [s.nodeId, s]));
      return withNodes(draft, (n) => {
        const size = sizes.get(n.id);
        if (!size || (n.measured?.width === size.width && n.measured?.height === size.height)) return n;
        return { ...n, measured: { width: size.width, height: size.height } };
      });
    }
  }
}

/**
 * Why a connection is refused, in words the canvas shows, or null when it is kept: both nodes must
 * exist, a step cannot lead to itself, the target is not the Trigger (it has no input) and the
 * source handle is one the node draws now (a branch renamed or removed meanwhile would otherwise
 * leave an edge on a handle nobody can see).
 */
export function connectRefusal(nodes: EditorNode[], connection: Connection): string | null {
  const source = nodes.find((n) => n.id === connection.source);
  const target = nodes.find((n) => n.id === connection.target);
  if (!source || !target) return 'That step is no longer on the canvas.';
  if (source === target) return 'A step can’t connect to itself. To repeat it, loop back through a Delay or a Wait for Reply.';
  if (target.data.kind === 'trigger') return 'Nothing can connect into the Trigger: it is where the flow starts. Connect from it instead.';
  const handles = sourceHandlesOf(source.data.kind, source.data.config);
  const handle = connection.sourceHandle ?? null;
  if (handles !== null && handles.length === 0) return `${source.data.label || 'Complete'} ends the flow: nothing comes after it.`;
  if (handles === null ? handle !== null : handle === null || !handles.includes(handle)) {
    return handles === null ? 'That exit no longer exists on this step.' : `Connect from one of this step’s branches (${handles.map(handleLabel).join(', ')}).`;
  }
  return null;
}

/** A connection React Flow offers is kept only when `connectRefusal` has nothing against it. */
export function canConnect(nodes: EditorNode[], connection: Connection): boolean {
  return connectRefusal(nodes, connection) === null;
}

function withSettings(draft: FlowDraft, patch: Partial<FlowSettings>): FlowDraft {
  const changed = (Object.keys(patch) as Array<keyof FlowSettings>).some((k) => patch[k] !== draft.settings[k]);
  return changed ? { ...draft, settings: { ...draft.settings, ...patch } } : draft;
}

function withNodes(draft: FlowDraft, fn: (node: EditorNode) => EditorNode): FlowDraft {
  const nodes = mapChanged(draft.nodes, fn);
  return nodes === draft.nodes ? draft : { ...draft, nodes };
}

/** `items.map(fn)`, or `items` itself when `fn` returned every item unchanged. */
function mapChanged<T>(items: T[], fn: (item: T) => T): T[] {
  let changed = false;
  const next = items.map((item) => {
    const after = fn(item);
    if (after !== item) changed = true;
    return after;
  });
  return changed ? next : items;
}
