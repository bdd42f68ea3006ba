import { z } from 'zod';
import { tagName } from './shared';

/**
 * aiReply: answer the contact's last message from the workspace's public knowledge entries
 * (ADR 0037). When the best entry's match score is at or above `confidenceThreshold` (and, with a
 * model, the model's own rating of its answer too) the answer goes out as a DM (exit `answered`);
 * below it nothing is sent, the contact gets `handoffTag` and the conversation priority high (exit
 * `handoff`). The field keeps its name for saved flows; the UI calls it the minimum match score.
 */
export const aiReplyConfig = z.object({
  confidenceThreshold: z.number().min(0, 'At least 0').max(1, 'At most 1').default(0.6),
  handoffTag: tagName.default('needs-human'),
  /** Extra guidance (tone, length). Reaches the model as a DATA block, never as a system rule (ADR 0011). */
  instructions: z.string().trim().max(500, 'At most 500 characters').optional(),
});

export const aiReplyDefault = { confidenceThreshold: 0.6, handoffTag: 'needs-human', instructions: '' } satisfies z.infer<typeof aiReplyConfig>;

/** The node's two exits. */
export const aiReplyHandles = ['answered', 'handoff'] as const;

/**
 * What the `run.ai` job reports back for an aiReply step (the step's output, shown in the Runs
 * view). `confidence` is the best public entry's match score (0–1, shown as "match score"; the name
 * is kept for saved runs). `mode`: `model` (a model wrote the answer; `modelConfidence` is its own
 * rating), `knowledge_base` (no model configured: the passage of the best entry, quoted), `none`
 * (nothing public matched), `skipped` (the model was not asked: `note` says why — under the
 * threshold, or an allowance used up; the node hands off), `error` (the model failed after its
 * retries; the node hands off).
 */
export const aiAnswerOutput = z.object({
  question: z.string(),
  answer: z.string(),
  confidence: z.number(),
  mode: z.enum(['model', 'knowledge_base', 'none', 'skipped', 'error']),
  sources: z.array(z.object({ id: z.string(), title: z.string() })),
  model: z.string().nullable(),
  tokensIn: z.number().nullable(),
  tokensOut: z.number().nullable(),
  modelConfidence: z.number().optional(),
  error: z.string().optional(),
  /** Why no model answered although a provider is configured (shown with the step and in the activity feed). */
  note: z.string().optional(),
});
export type AiAnswerOutput = z.infer<typeof aiAnswerOutput>;
