import { z } from 'zod';
import { flowGraphSchema, type FlowGraph } from './graph';
import type { KeywordClash } from '../keyword-clashes';
import type { RunStatus } from './runs.api';

export const flowPlatforms = ['twitter', 'instagram', 'multi'] as const;
export type FlowPlatform = (typeof flowPlatforms)[number];

/** POST /api/flows and PUT /api/flows/:id (docs/product-spec.md §7). isActive true publishes: compile → version. */
export const flowBodySchema = z.object({
  name: z
    .string()
    .trim()
    .max(120)
    .default('Untitled Flow')
    .transform((n) => n || 'Untitled Flow'),
  description: z.string().max(1000).default(''),
  platform: z.enum(flowPlatforms).default('multi'),
  flowData: flowGraphSchema,
  isActive: z.boolean().default(false),
  /**
   * Optimistic concurrency: the `updatedAt` of the copy the editor loaded. When the flow was saved
   * since (another tab, another teammate) PUT answers 409 and saves nothing. Left out = last write wins.
   */
  expectedUpdatedAt: z.iso.datetime().optional(),
});
export type FlowBody = z.input<typeof flowBodySchema>;

export const validateFlowBodySchema = z.object({ flowData: flowGraphSchema });

/** A flow as the API answers it (docs/product-spec.md §7 shape plus versioning and counts). */
export interface Flow {
  id: string;
  name: string;
  description: string;
  platform: FlowPlatform;
  isActive: boolean;
  flowData: FlowGraph;
  /** Highest published version number, null if never published. */
  publishedVersion: number | null;
  /** True when the saved graph differs from the published version (edits since the last Start). */
  hasUnpublishedChanges: boolean;
  runCounts: Partial<Record<RunStatus, number>>;
  createdAt: string;
  updatedAt: string;
}

/**
 * POST /api/flows and PUT /api/flows/:id answer the flow with its trigger's keyword clashes when it
 * was published (empty otherwise). A trigger that could never fire is refused instead (400, details.clashes).
 */
export type SavedFlow = Flow & { clashes: KeywordClash[] };
