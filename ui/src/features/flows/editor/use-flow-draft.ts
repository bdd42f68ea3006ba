import type { Connection, EdgeChange, NodeChange } from '@xyflow/react';
import { useCallback, useMemo, useReducer } from 'react';
import type { Flow, FlowGraph } from '@contracts/flows';
import { edgeChangesToOperations, nodeChangesToOperations } from '../graph/canvas-changes';
import { draftSnapshot, flowEditorReducer, initialEditorState } from '../graph/flow-draft-state';
import { toFlowGraph, type EditorEdge, type EditorNode } from '../graph/flow-graph';
import type { FlowOperation, FlowSettings } from '../graph/flow-operations';

/**
 * The flow being edited, over the pure `flowEditorReducer`: components dispatch `FlowOperation`s
 * (graph/flow-operations.ts); this adds what is derived (the saved graph, the selected node,
 * whether anything is unsaved) and React Flow's change callbacks.
 */
export function useFlowDraft(initial: Flow | null) {
  const [state, dispatch] = useReducer(flowEditorReducer, initial, initialEditorState);
  const { settings, nodes, edges } = state.draft;
  const graph = useMemo(() => toFlowGraph(nodes, edges), [nodes, edges]);
  const dirty = useMemo(() => draftSnapshot(settings, graph) !== state.savedSnapshot, [settings, graph, state.savedSnapshot]);

  // One React Flow batch becomes a few operations; React renders once for all of them.
  const onNodesChange = useCallback((changes: NodeChange<EditorNode>[]) => {
    for (const op of nodeChangesToOperations(changes)) dispatch(op);
  }, []);
  const onEdgesChange = useCallback((changes: EdgeChange<EditorEdge>[]) => {
    for (const op of edgeChangesToOperations(changes)) dispatch(op);
  }, []);
  const onConnect = useCallback((connection: Connection) => dispatch({ type: 'connect', connection }), []);
  /** After a successful save: what was sent becomes the baseline. */
  const markSaved = useCallback((flow: Flow, sent: { settings: FlowSettings; graph: FlowGraph }) => dispatch({ type: 'saved', flow, sent }), []);

  const dispatchOperation: (op: FlowOperation) => void = dispatch;
  const undo = useCallback(() => dispatch({ type: 'undo' }), []);
  const redo = useCallback(() => dispatch({ type: 'redo' }), []);
  const selected = nodes.filter((n) => n.selected);
  return {
    settings,
    isActive: state.isActive,
    baseUpdatedAt: state.baseUpdatedAt,
    nodes,
    edges,
    graph,
    selectedNode: selected.length === 1 ? selected[0]! : null,
    dirty,
    undo,
    redo,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
    dispatch: dispatchOperation,
    onNodesChange,
    onEdgesChange,
    onConnect,
    markSaved,
  };
}

export type FlowDraftHandle = ReturnType<typeof useFlowDraft>;
