import { z } from 'zod';
import { accessLevels, answerModes, funnelStages, type KbChatResponse, type KbChatStreamEvent } from '@contracts/ai';
import { knowledgeKinds, knowledgeSources } from '@contracts/knowledge';

// The answers arrive from outside the UI, so they are parsed against the contract's shapes, not cast.
const answerSourceSchema = z.object({
  id: z.string(),
  kind: z.enum(knowledgeKinds),
  title: z.string(),
  source: z.enum(knowledgeSources),
  url: z.string().nullable(),
});

const relatedOfferSchema = z.object({
  id: z.string(),
  title: z.string(),
  priceCents: z.number().int().nullable(),
  duration: z.string().nullable(),
  url: z.string().nullable(),
});

export const kbChatResponseSchema = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  response: z.string(),
  mode: z.enum(answerModes),
  confidence: z.number(),
  matchScore: z.number(),
  funnelStage: z.enum(funnelStages),
  relatedOffers: z.array(relatedOfferSchema),
  suggestedActions: z.array(z.string()),
  sources: z.array(answerSourceSchema),
  userRole: z.enum(accessLevels),
  isAuthenticated: z.boolean(),
  fallback: z.boolean(),
  fallbackReason: z.string().optional(),
  usage: z.object({ messagesUsed: z.number(), messageLimit: z.number() }),
}) satisfies z.ZodType<KbChatResponse>;

export const kbChatStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('token'), text: z.string() }),
  z.object({ type: z.literal('done'), answer: kbChatResponseSchema }),
  z.object({ type: z.literal('error'), error: z.string(), message: z.string() }),
]) satisfies z.ZodType<KbChatStreamEvent>;

export const suggestReplyResponseSchema = z.object({
  draft: z.string(),
  mode: z.enum(answerModes),
  confidence: z.number(),
  sources: z.array(answerSourceSchema),
});

export const supportChatResponseSchema = z.object({ response: z.string(), mode: z.enum(answerModes) });

export const aiStatusSchema = z.object({
  provider: z.enum(['gemini', 'openai-compatible']).nullable(),
  model: z.string().nullable(),
  reachable: z.boolean().nullable(),
  latencyMs: z.number().nullable(),
  error: z.string().nullable(),
  checkedAt: z.string(),
});
