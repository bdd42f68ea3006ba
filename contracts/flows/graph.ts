import { z } from 'zod';
import { boundedJson } from '../json-safety';
import { nodeKinds } from './node-kinds';

/**
 * The graph is React Flow's: nodes with `data.kind` + `data.config`, edges with an optional
 * `sourceHandle` naming the branch (condition yes/no, wait reply/timeout, randomizer).
 */

export const flowNodeSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.string().max(40).default('default'),
  position: z.object({ x: z.number().finite(), y: z.number().finite() }),
  data: z.object({
    label: z.string().max(100).default(''),
    /** Missing on legacy nodes: the compiler then reads it from the label ("Start" = trigger). */
    kind: z.enum(nodeKinds).optional(),
    platform: z.string().max(20).optional(),
    /**
     * Validated per kind by the compiler, so a half-configured draft can still be saved; bounded
     * here because a draft is serialised as is (5,000 levels overflowed JSON.stringify).
     */
    config: boundedJson(z.record(z.string(), z.unknown())).default({}),
  }),
  style: boundedJson(z.record(z.string(), z.unknown())).optional(),
});
export type FlowNode = z.infer<typeof flowNodeSchema>;

export const flowEdgeSchema = z.object({
  id: z.string().min(1).max(140).optional(),
  source: z.string().min(1).max(64),
  target: z.string().min(1).max(64),
  sourceHandle: z.string().max(20).nullish(),
  targetHandle: z.string().max(20).nullish(),
});
export type FlowEdge = z.infer<typeof flowEdgeSchema>;

export const flowGraphSchema = z.object({
  nodes: z.array(flowNodeSchema).max(500, 'A flow has at most 500 nodes'),
  edges: z.array(flowEdgeSchema).max(2000),
});
export type FlowGraph = z.infer<typeof flowGraphSchema>;
