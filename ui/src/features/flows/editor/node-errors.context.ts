import { createContext, useContext } from 'react';
import type { FlowError } from '@contracts/flows';

/** Compiler errors by node id, for the canvas nodes (kept out of node data so they are never saved). */
export const NodeErrorsContext = createContext<ReadonlyMap<string, FlowError[]>>(new Map());

export function useNodeErrors(nodeId: string): FlowError[] {
  return useContext(NodeErrorsContext).get(nodeId) ?? [];
}
