import type { Flow, FlowGraph } from '@contracts/flows';
import { newFlowGraph, toEditorEdges, toEditorNodes, toFlowGraph } from './flow-graph';
import { applyFlowOperation, type FlowDraft, type FlowOperation, type FlowSettings } from './flow-operations';

/** The editor's whole state: the draft, what was last saved (to tell "unsaved changes"), and whether the flow is live. */
export interface FlowEditorState {
  draft: FlowDraft;
  /** `draftSnapshot` of the last save (or of the flow as loaded). */
  savedSnapshot: string;
  isActive: boolean;
  /** `updatedAt` of the server copy this draft builds on (sent with a save: 409 when the flow moved since). */
  baseUpdatedAt: string | null;
  /** Undo stack (oldest first) and redo stack (next redo last): whole drafts, cheap since untouched nodes are shared. */
  past: FlowDraft[];
  future: FlowDraft[];
  /** Typing into one field is one undo step: the key of the last recorded edit that coalesces. */
  lastEditKey: string | null;
}

/** How many steps Undo goes back. */
export const historyLimit = 100;

/** What a save sent, and the server's answer. */
export interface SavedAction {
  type: 'saved';
  flow: Flow;
  sent: { settings: FlowSettings; graph: FlowGraph };
}

export type FlowEditorAction = FlowOperation | SavedAction | { type: 'undo' } | { type: 'redo' };

export function draftSnapshot(settings: FlowSettings, graph: FlowGraph): string {
  return JSON.stringify([settings, graph]);
}

/** `flow` null = a new flow (docs/product-spec.md §3: one Start trigger). Either way it starts clean: leaving untouched needs no confirmation. */
export function initialEditorState(flow: Flow | null): FlowEditorState {
  const settings: FlowSettings = flow
    ? { name: flow.name, description: flow.description, platform: flow.platform }
    : { name: 'Untitled Flow', description: '', platform: 'multi' };
  const graph = flow?.flowData ?? newFlowGraph();
  const draft: FlowDraft = { settings, nodes: toEditorNodes(graph.nodes), edges: toEditorEdges(graph.edges) };
  return {
    draft,
    savedSnapshot: draftSnapshot(settings, toFlowGraph(draft.nodes, draft.edges)),
    isActive: flow?.isActive ?? false,
    baseUpdatedAt: flow?.updatedAt ?? null,
    past: [],
    future: [],
    lastEditKey: null,
  };
}

export function flowEditorReducer(state: FlowEditorState, action: FlowEditorAction): FlowEditorState {
  if (action.type === 'undo' || action.type === 'redo') {
    const from = action.type === 'undo' ? state.past : state.future;
    const to = action.type === 'undo' ? state.future : state.past;
    const draft = from.at(-1);
    if (!draft) return state;
    const rest = from.slice(0, -1);
    const other = [...to, state.draft];
    return action.type === 'undo'
      ? { ...state, draft, past: rest, future: other, lastEditKey: null }
      : { ...state, draft, past: other, future: rest, lastEditKey: null };
  }
  if (action.type !== 'saved') {
    const draft = applyFlowOperation(state.draft, action);
    if (draft === state.draft) return state;
    const record = recordsHistory(state.draft, action);
    if (!record) return { ...state, draft };
    const key = coalesceKey(action);
    if (key !== null && key === state.lastEditKey) return { ...state, draft, future: [] };
    return { ...state, draft, past: [...state.past, state.draft].slice(-historyLimit), future: [], lastEditKey: key };
  }
  // What was sent becomes the baseline; edits made while the save was in flight stay unsaved.
  const { flow, sent } = action;
  // The server names a nameless flow "Untitled Flow"; the field shows that name too.
  const draft = state.draft.settings.name.trim() === '' ? applyFlowOperation(state.draft, { type: 'setName', name: flow.name }) : state.draft;
  return {
    ...state,
    draft,
    isActive: flow.isActive,
    baseUpdatedAt: flow.updatedAt,
    savedSnapshot: draftSnapshot({ ...sent.settings, name: flow.name }, sent.graph),
  };
}

/** Selection and measuring are not edits; a drag is one edit, recorded when it starts. */
function recordsHistory(before: FlowDraft, op: FlowOperation): boolean {
  switch (op.type) {
    case 'selectNodes':
    case 'selectEdges':
    case 'selectOnlyNode':
    case 'measureNodes':
      return false;
    case 'moveNodes': {
      const dragging = new Map(before.nodes.map((n) => [n.id, !!n.dragging]));
      return op.moves.some((m) => m.position && !dragging.get(m.nodeId));
    }
    default:
      return true;
  }
}

function coalesceKey(op: FlowOperation): string | null {
  switch (op.type) {
    case 'setName':
    case 'setDescription':
      return op.type;
    case 'updateNodeLabel':
    case 'updateNodeConfig':
      return `${op.type}:${op.nodeId}`;
    default:
      return null;
  }
}
