import { useMemo } from 'react';
import type { FlowError, FlowGraph, FlowPlatform } from '@contracts/flows';
import { compile } from '../../../../../flow-compiler/compile';
import { structureKey } from '../graph/flow-graph';

/**
 * The compiler's findings for the draft, computed in the browser by the same pure `compile` the
 * server runs on Start, with the flow's own platform (a Twitter flow refuses an Instagram DM
 * here already, not only at Start). The server still compiles again on Start and stays the
 * authority. Moving a node does not recompile: the key leaves positions out.
 */
export function useFlowValidation(graph: FlowGraph, platform: FlowPlatform): FlowError[] {
  const key = structureKey(graph);
  // Keyed on the structure, not on `graph`, which changes on every frame of a drag.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => compile(graph, platform).errors, [key, platform]);
}
