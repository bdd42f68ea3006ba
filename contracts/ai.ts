import { z } from 'zod';
import type { KnowledgeKind, KnowledgeSource } from './knowledge';
import { plans } from './plans';

/**
 * The AI assistant's HTTP contract (docs/product-spec.md §2 AI Assistant page, dashboard panel,
 * support widget; §3 Feedback; §4 access levels; §7 calls; §8 errors). Shared by the API
 * (api/features/ai/), the UI and the tests.
 */

/** docs/product-spec.md §4: from the workspace's plan (contracts/plans.ts ids; older tier names too), case-insensitive; no user → guest. */
export const accessLevels = ['guest', 'free', 'basic', 'pro', 'premium'] as const;
export type AccessLevel = (typeof accessLevels)[number];

/** The tiers that are not `free`, lower-cased (a Map: a tier named like an Object method is just unknown). */
const TIER_LEVELS = new Map<string, AccessLevel>([
  ['enterprise', 'premium'],
  ['chat_master', 'premium'],
  ['pro', 'pro'],
  ['chat_pro', 'pro'],
  ['starter', 'basic'],
  ['chat_lite', 'basic'],
]);

export function accessLevelFor(tier: string | null | undefined, signedIn: boolean): AccessLevel {
  if (!signedIn) return 'guest';
  return TIER_LEVELS.get((tier ?? '').toLowerCase()) ?? 'free';
}

/**
 * What each access level gets from the AI assistant (ADR 0011). `modelAnswers`: whether a
 * configured provider may answer (else: knowledge-base quotes); `monthlyModelAnswers`: model answers
 * per workspace per month, from the plan catalogue (contracts/plans.ts: free, starter → basic, pro,
 * enterprise → premium); past it the workspace's own questions are answered with knowledge-base
 * quotes, and a flow's AI Reply to a contact hands off to a person (ADR 0037): the one limit that
 * stops an automated answer. Guests only reach the support widget, limited per address (AI_GUEST_PER_HOUR).
 */
export const aiAllowances: Record<AccessLevel, { modelAnswers: boolean; monthlyModelAnswers: number }> = {
  guest: { modelAnswers: false, monthlyModelAnswers: 0 },
  free: { modelAnswers: true, monthlyModelAnswers: plans.free.aiAnswers },
  basic: { modelAnswers: true, monthlyModelAnswers: plans.starter.aiAnswers },
  pro: { modelAnswers: true, monthlyModelAnswers: plans.pro.aiAnswers },
  premium: { modelAnswers: true, monthlyModelAnswers: plans.enterprise.aiAnswers },
};

/**
 * A signed-in user's monthly model answers by lower-cased tier (`byTier`; any other tier: `otherwise`,
 * the free level's), for SQL that reads the tier itself (db/ai/prepare-question.ts): accessLevelFor
 * and aiAllowances as data.
 */
export function monthlyModelAnswersByTier(): { byTier: Record<string, number>; otherwise: number } {
  const answers = (level: AccessLevel) => (aiAllowances[level].modelAnswers ? aiAllowances[level].monthlyModelAnswers : 0);
  return { byTier: Object.fromEntries([...TIER_LEVELS].map(([tier, level]) => [tier, answers(level)])), otherwise: answers('free') };
}

/** The §8 headlines an AI endpoint answers with when the provider fails (`error` of the body). */
export const aiErrors = {
  /** 503: the provider refused, is down, or is out of quota (after retries). */
  unavailable: 'AI Service Unavailable',
  /** 504: the provider did not answer in time, or could not be reached. */
  connection: 'Connection Issue',
} as const;

export const funnelStages = ['hook', 'diagnose', 'prescribe', 'objection', 'close'] as const;
export type FunnelStage = (typeof funnelStages)[number];

export const chatPlatforms = ['general', 'instagram', 'facebook', 'twitter'] as const;
export type ChatPlatform = (typeof chatPlatforms)[number];

/**
 * How an answer was made: `model` (a provider answered from the knowledge base), `knowledge_base`
 * (no provider configured, or the tier gives no model answers: the best entries quoted, labelled
 * as such, nothing invented), `none` (nothing in the knowledge base matched and no model).
 */
export const answerModes = ['model', 'knowledge_base', 'none'] as const;
export type AnswerMode = (typeof answerModes)[number];

/** What a model must return (validated; the AI SDK's structured output uses this schema). */
export const modelAnswerSchema = z.object({
  answer: z.string().min(1).max(4000),
  confidence: z.number().min(0).max(1),
  funnelStage: z.enum(funnelStages),
  /** Ids of offers from the knowledge data that fit the question (never invented ones). */
  relatedOfferIds: z.array(z.string()).max(5),
  /** Short replies the user might send next (chips). */
  suggestedActions: z.array(z.string().min(1).max(120)).max(4),
});
export type ModelAnswer = z.infer<typeof modelAnswerSchema>;

export interface AnswerSource {
  id: string;
  kind: KnowledgeKind;
  title: string;
  source: KnowledgeSource;
  url: string | null;
}

export interface RelatedOffer {
  id: string;
  title: string;
  priceCents: number | null;
  duration: string | null;
  url: string | null;
}

const message = z.string({ error: 'Please type a message' }).trim().min(1, 'Please type a message').max(2000, 'Messages are limited to 2,000 characters');

/** POST /api/kb/chat and POST /api/kb/chat/stream (the /ai-chat page and the dashboard panel; signed in). */
export const kbChatRequestSchema = z.object({
  message,
  /** Omit to start a conversation; the answer returns the id to continue it. */
  conversationId: z.uuid().optional(),
  platform: z.enum(chatPlatforms).default('general'),
});
export type KbChatRequest = z.infer<typeof kbChatRequestSchema>;

export interface KbChatResponse {
  conversationId: string;
  /** The stored assistant message (POST /api/chatbot/feedback rates it). */
  messageId: string;
  response: string;
  mode: AnswerMode;
  /**
   * The best knowledge entry's match score, 0 to 1 (db/knowledge/search-knowledge.ts): shown as
   * "match score", never as a percentage confidence (docs/product-spec.md, deviations). The spec's
   * field name, kept equal to `matchScore`; 0 when nothing matched.
   */
  confidence: number;
  matchScore: number;
  funnelStage: FunnelStage;
  relatedOffers: RelatedOffer[];
  suggestedActions: string[];
  sources: AnswerSource[];
  userRole: AccessLevel;
  isAuthenticated: boolean;
  /**
   * The model was asked and failed (after its retries): the answer quotes the knowledge base instead
   * (mode `knowledge_base`), and `fallbackReason` says why.
   */
  fallback: boolean;
  fallbackReason?: string;
  /** The user's usage after this answer (docs/product-spec.md §3 User). */
  usage: { messagesUsed: number; messageLimit: number };
}

/**
 * POST /api/kb/chat/stream answers as Server-Sent Events (`text/event-stream`), one JSON object per
 * `data:` line: `token` events carry the answer's text as it is written, then exactly one `done`
 * (the whole KbChatResponse) or `error` (an ApiError-shaped body: the §8 code and message).
 */
export type KbChatStreamEvent = { type: 'token'; text: string } | { type: 'done'; answer: KbChatResponse } | { type: 'error'; error: string; message: string };

/** POST /api/chat/gemini (support widget, anonymous allowed) and POST /api/chat (docs/product-spec.md §7). */
export const supportChatRequestSchema = z.object({
  message,
  context: z.string().trim().max(200).optional(),
  /** Informational only: the server decides the level from the session. */
  accessLevel: z.enum(accessLevels).optional(),
  user: z.unknown().optional(),
});
export interface SupportChatResponse {
  response: string;
  mode: AnswerMode;
}

/** POST /api/smartkb/query (docs/product-spec.md §7): a knowledge-base question for the signed-in user's workspace. */
export const smartKbQuerySchema = z.object({
  query: z.string({ error: 'Please type a question' }).trim().min(1, 'Please type a question').max(2000, 'Questions are limited to 2,000 characters'),
  /** Informational only: the server decides the tier from the session. */
  tier: z.string().trim().max(50).optional(),
});
export interface SmartKbQueryResponse {
  answer: string;
  mode: AnswerMode;
  /** The best entry's match score (KbChatResponse.confidence). */
  confidence: number;
  sources: AnswerSource[];
}

/** POST /api/chatbot/feedback (docs/product-spec.md §3 Feedback). */
export const feedbackRequestSchema = z.object({
  conversationId: z.string().trim().min(1).max(100),
  messageId: z.string().trim().min(1).max(100),
  rating: z.enum(['thumbs_up', 'thumbs_down'], { error: 'Rating must be thumbs_up or thumbs_down' }),
});

/** GET /api/ai/gemini/test: the real state behind the "Live" badge and the footer credit. */
export interface AiStatus {
  /** Which provider answers, or null: answers come from the knowledge base alone. */
  provider: 'gemini' | 'openai-compatible' | null;
  model: string | null;
  /** Checked with a one-token call when a provider is set (cached briefly). */
  reachable: boolean | null;
  latencyMs: number | null;
  /** Why it is not reachable, in plain words. */
  error: string | null;
  checkedAt: string;
}

/** POST /api/inbox/conversations/:id/suggest-reply: a draft for the reply box, never sent. */
export interface SuggestReplyResponse {
  draft: string;
  mode: AnswerMode;
  /** The best public entry's match score (KbChatResponse.confidence). */
  confidence: number;
  sources: AnswerSource[];
}
