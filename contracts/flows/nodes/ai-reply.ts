import { z } from 'zod';
import { tagName } from './shared';

/**
 * aiReply: answer the contact's last message from the workspace's knowledge base. At or above
 * `confidenceThreshold` the answer goes out as a DM (exit `answered`); below it nothing is sent,
 * the contact gets `handoffTag` and the conversation priority high (exit `handoff`).
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
 * view). `error` set: the model failed after its retries; the node hands off. `note` set: the
 * monthly model allowance was used up and the knowledge base answered alone.
 */
export const aiAnswerOutput = z.object({
  question: z.string(),
  answer: z.string(),
  confidence: z.number(),
  mode: z.enum(['model', 'knowledge_base', 'none', 'error']),
  sources: z.array(z.object({ id: z.string(), title: z.string() })),
  model: z.string().nullable(),
  tokensIn: z.number().nullable(),
  tokensOut: z.number().nullable(),
  error: z.string().optional(),
  /**
   * Why the model did not answer although a provider is configured: the workspace's monthly model
   * answers (contracts/ai.ts `aiAllowances`) are used up, so the answer quotes the knowledge base.
   */
  note: z.string().optional(),
});
export type AiAnswerOutput = z.infer<typeof aiAnswerOutput>;
