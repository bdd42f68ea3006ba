import type { EdgeChange, NodeChange } from '@xyflow/react';
import type { EditorEdge, EditorNode } from './flow-graph';
import type { FlowOperation, NodeMove } from './flow-operations';

/**
 * React Flow reports drags, selection, measuring and Backspace as a batch of changes; this turns
 * one batch into our operations (one per kind of change, in a fixed order). 'add' and 'replace'
 * only come from React Flow's imperative API (`addNodes`, `setNodes`), which the editor does not
 * use: nodes are added by the `addNode` operation.
 */
export function nodeChangesToOperations(changes: NodeChange<EditorNode>[]): FlowOperation[] {
  const moves: NodeMove[] = [];
  const sizes: Array<{ nodeId: string; width: number; height: number }> = [];
  const selection: Array<{ nodeId: string; selected: boolean }> = [];
  const removed: string[] = [];
  for (const change of changes) {
    switch (change.type) {
      case 'position':
        moves.push({
          nodeId: change.id,
          ...(change.position ? { position: change.position } : {}),
          ...(change.dragging !== undefined ? { dragging: change.dragging } : {}),
        });
        break;
      case 'dimensions':
        // Without a resizer on our nodes, a size is only ever measured, never set by the user.
        if (change.dimensions) sizes.push({ nodeId: change.id, ...change.dimensions });
        break;
      case 'select':
        selection.push({ nodeId: change.id, selected: change.selected });
        break;
      case 'remove':
        removed.push(change.id);
        break;
      case 'add':
      case 'replace':
        break;
    }
  }
  const ops: FlowOperation[] = [];
  if (sizes.length > 0) ops.push({ type: 'measureNodes', sizes });
  if (moves.length > 0) ops.push({ type: 'moveNodes', moves });
  if (selection.length > 0) ops.push({ type: 'selectNodes', changes: selection });
  if (removed.length > 0) ops.push({ type: 'deleteNodes', nodeIds: removed });
  return ops;
}

/** The edge side of the same: selection and Backspace. */
export function edgeChangesToOperations(changes: EdgeChange<EditorEdge>[]): FlowOperation[] {
  const selection: Array<{ edgeId: string; selected: boolean }> = [];
  const removed: string[] = [];
  for (const change of changes) {
    if (change.type === 'select') selection.push({ edgeId: change.id, selected: change.selected });
    else if (change.type === 'remove') removed.push(change.id);
  }
  const ops: FlowOperation[] = [];
  if (selection.length > 0) ops.push({ type: 'selectEdges', changes: selection });
  if (removed.length > 0) ops.push({ type: 'deleteEdges', edgeIds: removed });
  return ops;
}
