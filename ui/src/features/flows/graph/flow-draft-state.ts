import type { Flow, FlowGraph } from '@contracts/flows';
import { newFlowGraph, toEditorEdges, toEditorNodes, toFlowGraph } from './flow-graph';
import { applyFlowOperation, type FlowDraft, type FlowOperation, type FlowSettings } from './flow-operations';

/** The editor's whole state: the draft, what was last saved (to tell "unsaved changes"), and whether the flow is live. */
export interface FlowEditorState {
  draft: FlowDraft;
  /** `draftSnapshot` of the last save (or of the flow as loaded). */
  savedSnapshot: string;
  isActive: boolean;
}

/** What a save sent, and the server's answer. */
export interface SavedAction {
  type: 'saved';
  flow: Flow;
  sent: { settings: FlowSettings; graph: FlowGraph };
}

export type FlowEditorAction = FlowOperation | SavedAction;

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
  return { draft, savedSnapshot: draftSnapshot(settings, toFlowGraph(draft.nodes, draft.edges)), isActive: flow?.isActive ?? false };
}

export function flowEditorReducer(state: FlowEditorState, action: FlowEditorAction): FlowEditorState {
  if (action.type !== 'saved') {
    const draft = applyFlowOperation(state.draft, action);
    return draft === state.draft ? state : { ...state, draft };
  }
  // What was sent becomes the baseline; edits made while the save was in flight stay unsaved.
  const { flow, sent } = action;
  // The server names a nameless flow "Untitled Flow"; the field shows that name too.
  const draft = state.draft.settings.name.trim() === '' ? applyFlowOperation(state.draft, { type: 'setName', name: flow.name }) : state.draft;
  return { draft, isActive: flow.isActive, savedSnapshot: draftSnapshot({ ...sent.settings, name: flow.name }, sent.graph) };
}
