import { z } from 'zod';
import { flowPlatforms, nodeConfigSchemas, triggerConfig, webhookConfig, type FlowPlatform, type NodeKind } from './flows';

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

/**
 * A stored plan holds what was valid when it was published. Rules added to publishing later must
 * not make it unreadable, so a kind whose config gained such a rule is read with its shape only:
 * webhook headers the publish check now refuses (Host, hop-by-hop) are still in older versions, and
 * the call drops them (integrations/http/guarded-fetch.ts).
 */
const storedConfigSchemas = {
  ...nodeConfigSchemas,
  webhook: webhookConfig.extend({ url: z.string(), headers: z.array(z.object({ key: z.string(), value: z.string() })) }),
};

function planNode<K extends NodeKind>(kind: K) {
  return z.object({
    id: z.string(),
    kind: z.literal(kind),
    label: z.string(),
    config: storedConfigSchemas[kind],
    next: z.record(z.string(), z.string().nullable()),
  });
}

/**
 * Reads a stored plan back (db/flows/runs.ts loadPlan). Node configs go through the per-kind
 * schemas the compiler validated them with (see storedConfigSchemas). Parsed once per version: plans are cached.
 */
export const planNodeSchema = z.discriminatedUnion('kind', [
  planNode('trigger'),
  planNode('instagramDM'),
  planNode('messengerDM'),
  planNode('twitterDM'),
  planNode('publicReply'),
  planNode('delay'),
  planNode('condition'),
  planNode('waitForReply'),
  planNode('randomizer'),
  planNode('webhook'),
  planNode('aiReply'),
  planNode('addTag'),
  planNode('removeTag'),
  planNode('setField'),
  planNode('trackConversion'),
  planNode('captureLead'),
  planNode('askQuestion'),
  planNode('followGate'),
  planNode('enrollSequence'),
  planNode('bookTime'),
  planNode('complete'),
]);

export const executionPlanSchema = z.object({
  schema: z.literal(1),
  platform: z.enum(flowPlatforms),
  triggerNodeId: z.string(),
  trigger: triggerConfig,
  nodes: z.record(z.string(), planNodeSchema),
}) satisfies z.ZodType<ExecutionPlan>;
