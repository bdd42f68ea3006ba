import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from 'pino';
import { accessLevelFor, monthlyModelAnswersByTier, type KbChatResponse } from '../../../contracts/ai';
import type { KnowledgeHit } from '../../../contracts/knowledge';
import { saveChatExchange, type StoredAnswer } from '../../../db/ai/chat-messages';
import { releaseModelAnswer } from '../../../db/ai/model-allowance';
import { prepareQuestion } from '../../../db/ai/prepare-question';
import { searchKnowledge } from '../../../db/knowledge/search-knowledge';
import type { UserRow } from '../../../db/schema';
import { withTransaction } from '../../../db/transaction';
import { recordUsage } from '../../../db/usage/record-usage';
import { AiFailure } from '../../../integrations/ai/ai-failure';
import type { AiRuntime } from '../../../integrations/ai/ai-model';
import { answerSource, fallbackAnswer, knowledgeOnlyAnswer, relatedOffer, type KnowledgeOnlyAnswer } from '../../../integrations/ai/knowledge-only-answer';
import { generateModelAnswer, streamModelAnswer } from '../../../integrations/ai/model-answer';
import type { PromptPurpose } from '../../../integrations/ai/prompt';
import { AppError } from '../../http/errors';
import { asAppError } from './ai-errors';

export interface AiDeps {
  pool: pg.Pool;
  log: Pick<Logger, 'error' | 'warn'>;
  /** null: no provider configured; every answer quotes the knowledge base. */
  ai: AiRuntime | null;
  /** Questions per signed-in user per minute (AI_USER_PER_MINUTE). */
  userPerMinute: number;
}

export interface Question {
  user: UserRow;
  question: string;
  purpose: Extract<PromptPurpose, 'assistant' | 'suggestReply'>;
  /** Continue this conversation (its last turns go to the model as data); omitted: a new one. */
  conversationId?: string;
  platform?: string;
  /** Called once the question passed its rate limit, before retrieval and the model (a stream starts here). */
  onReady?: () => void;
  /** Streaming: the answer's text as it is written. */
  onToken?: (text: string) => void;
  /** Streaming: aborts when the client disconnects; the model call in flight is cancelled and nothing is stored. */
  cancel?: AbortSignal;
  /** The answer when no model may answer (or the model failed); default: the best entries quoted. */
  withoutModel?: (hits: KnowledgeHit[]) => KnowledgeOnlyAnswer;
}

const rateLimitedMessage = 'Too many questions in a short time. Please wait a moment and try again.';

type Answer = StoredAnswer & { relatedOffers: KbChatResponse['relatedOffers']; suggestedActions: string[]; fallbackReason?: string };

/**
 * One question to the acting workspace's knowledge base (AI Assistant page, dashboard panel, smart
 * KB query, suggest reply). Round trips: one statement for the per-user rate limit, the workspace's
 * tier, the model answer's claim on the monthly allowance that tier gives (whoever of its members
 * asks) and the conversation's history (db/ai/prepare-question.ts),
 * then retrieval (own workspace only), then the model or a quoted answer, then both turns stored and
 * the answer metered in one transaction. The model may answer only when a provider is configured,
 * the level gets model answers and the claim succeeded (the allowance is shared with flows' AI
 * Reply steps). A model failure gives the claim back and answers with the best entries quoted
 * (`fallback: true`); only when nothing matched does it throw the §8 AppError (503/504), storing nothing.
 */
export async function answerQuestion(deps: AiDeps, q: Question): Promise<KbChatResponse> {
  const { user } = q;
  const conversationId = q.conversationId ?? randomUUID();
  const prepared = await prepareQuestion(deps.pool, {
    rateKey: `ai-user:${user.id}`,
    rateWindowMs: 60_000,
    rateLimit: deps.userPerMinute,
    // The acting workspace's plan (its owner's tier), not the asker's own: the statement reads it.
    workspaceId: user.workspaceId,
    monthlyModelAnswers: deps.ai ? monthlyModelAnswersByTier() : null,
    conversationId: q.conversationId ?? null,
  });
  if (prepared.rateLimited) throw new AppError('RATE_LIMITED', rateLimitedMessage);
  const level = accessLevelFor(prepared.tier, true);
  q.onReady?.();

  const { claim } = prepared;
  let hits: KnowledgeHit[];
  try {
    // A suggested reply is a draft for a contact: public entries only (ADR 0037); the workspace's own questions see every entry.
    hits = await searchKnowledge(deps.pool, user.workspaceId, q.question, { audience: q.purpose === 'suggestReply' ? 'contact' : 'workspace', limit: 5 });
  } catch (err) {
    if (claim) await releaseModelAnswer(deps.pool, claim);
    throw err;
  }
  const quoted = (kb: KnowledgeOnlyAnswer, fallbackReason?: string): Answer => {
    // A quote arrives whole; streamed, it is one token.
    if (kb.response) q.onToken?.(kb.response);
    return { ...kb, content: kb.response, model: null, tokensIn: null, tokensOut: null, ...(fallbackReason ? { fallbackReason } : {}) };
  };

  let answer: Answer;
  if (claim && deps.ai) {
    const call = { purpose: q.purpose, question: q.question, hits, history: prepared.history, ...(q.platform ? { platform: q.platform } : {}) };
    try {
      const r = q.onToken ? await streamModelAnswer(deps.ai, call, q.onToken, q.cancel) : await generateModelAnswer(deps.ai, call);
      const offers = new Map(hits.map((h) => [h.id, h]));
      answer = {
        content: r.answer.answer,
        mode: 'model',
        // What users see is the retrieval's match score, not the model's rating of itself.
        confidence: hits[0]?.score ?? 0,
        funnelStage: r.answer.funnelStage,
        sources: hits.map(answerSource),
        model: r.modelId,
        tokensIn: r.tokensIn,
        tokensOut: r.tokensOut,
        relatedOffers: r.answer.relatedOfferIds.flatMap((id) => {
          const h = offers.get(id);
          return h ? [relatedOffer(h)] : [];
        }),
        suggestedActions: r.answer.suggestedActions,
      };
    } catch (err) {
      // No answer, no count: the claim goes back whatever happened.
      await releaseModelAnswer(deps.pool, claim);
      if (q.cancel?.aborted || !(err instanceof AiFailure) || hits.length === 0) throw asAppError(err);
      deps.log.warn({ err: err.detail }, 'AI model failed; answering from the knowledge base');
      answer = quoted((q.withoutModel ?? fallbackAnswer)(hits), `${err.message}: ${err.detail}`);
    }
  } else {
    answer = quoted((q.withoutModel ?? ((h: KnowledgeHit[]) => knowledgeOnlyAnswer(h)))(hits));
  }

  let saved;
  try {
    saved = await withTransaction(deps.pool, async (client) => {
      const messageId = await saveChatExchange(client, { workspaceId: user.workspaceId, userId: user.id, conversationId, question: q.question, answer });
      // "Nothing matched" is not an answer: it is stored but not counted.
      const usage = await recordUsage(client, user.workspaceId, answer.mode === 'none' ? 0 : 1);
      return { messageId, usage };
    });
  } catch (err) {
    if (claim && answer.mode === 'model') await releaseModelAnswer(deps.pool, claim);
    throw err;
  }

  return {
    conversationId,
    messageId: saved.messageId,
    response: answer.content,
    mode: answer.mode,
    confidence: answer.confidence,
    matchScore: answer.confidence,
    funnelStage: answer.funnelStage,
    relatedOffers: answer.relatedOffers,
    suggestedActions: answer.suggestedActions,
    sources: answer.sources,
    userRole: level,
    isAuthenticated: true,
    fallback: answer.fallbackReason !== undefined,
    ...(answer.fallbackReason !== undefined ? { fallbackReason: answer.fallbackReason } : {}),
    usage: saved.usage ?? { messagesUsed: user.messagesUsed, messageLimit: user.messageLimit },
  };
}
