import type { Connection } from '@xyflow/react';
import { edgeIdOf, type EditorEdge } from './flow-graph';

/**
 * Adds the edge of a new connection. One exit per source handle: connecting a handle that already
 * leads somewhere replaces that edge (the compiler refuses two exits from one branch).
 */
export function connectEdge(edges: EditorEdge[], connection: Connection): EditorEdge[] {
  if (!connection.source || !connection.target || connection.source === connection.target) return edges;
  const sourceHandle = connection.sourceHandle ?? null;
  const kept = edges.filter((e) => !(e.source === connection.source && (e.sourceHandle ?? null) === sourceHandle));
  const edge: EditorEdge = {
    id: edgeIdOf({ source: connection.source, target: connection.target, sourceHandle }),
    source: connection.source,
    target: connection.target,
    sourceHandle,
    targetHandle: connection.targetHandle ?? null,
  };
  const taken = new Set(kept.map((e) => e.id));
  let id = edge.id;
  for (let n = 2; taken.has(id); n += 1) id = `${edge.id}-${n}`;
  return [...kept, { ...edge, id }];
}

/**
 * Keeps a node's edges on its handles after its branches change: a renamed branch (same position)
 * carries its edge along; edges of removed branches are dropped; edges of a node whose exits
 * became one unnamed handle (or none) are dropped when they named a branch.
 */
export function reconcileHandles(edges: EditorEdge[], nodeId: string, before: string[] | null, after: string[] | null): EditorEdge[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return edges;
  return edges.flatMap((edge) => {
    if (edge.source !== nodeId) return [edge];
    const handle = edge.sourceHandle ?? null;
    if (after === null) return handle === null ? [edge] : [];
    if (handle === null) return [];
    if (after.includes(handle)) return [edge];
    const index = before?.indexOf(handle) ?? -1;
    const renamed = index >= 0 && before && before.length === after.length ? after[index] : undefined;
    return renamed ? [{ ...edge, sourceHandle: renamed, id: edgeIdOf({ ...edge, sourceHandle: renamed }) }] : [];
  });
}
