import type { z } from 'zod';
import type { FlowPlatform, NodeKind, nodeConfigSchemas, triggerConfig } from './flows';

/**
 * The compiled, immutable form of a flow (ARCHITECTURE.md#flow-runtime): what `flow-compiler` produces from the
 * builder's graph and the only thing the interpreter reads. Stored in `flow_versions.plan`.
 */
export interface ExecutionPlan {
  schema: 1;
  platform: FlowPlatform;
  triggerNodeId: string;
  trigger: z.infer<typeof triggerConfig>;
  nodes: Record<string, PlanNode>;
}

/** Exit name for kinds with one unnamed exit. */
export const DEFAULT_EXIT = 'next';

export type PlanNode = {
  [K in NodeKind]: {
    id: string;
    kind: K;
    label: string;
    config: z.infer<(typeof nodeConfigSchemas)[K]>;
    /** Exit name → next node id; null (or absent) ends the run there. */
    next: Record<string, string | null>;
  };
}[NodeKind];
