import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from 'pino';
import { accessLevelFor, aiAllowances, type AccessLevel, type KbChatResponse } from '../../../contracts/ai';
import type { KnowledgeHit } from '../../../contracts/knowledge';
import { countModelAnswersThisMonth, readChatHistory, saveChatExchange, type StoredAnswer } from '../../../db/ai/chat-messages';
import { searchKnowledge } from '../../../db/knowledge/search-knowledge';
import type { UserRow } from '../../../db/schema';
import { withTransaction } from '../../../db/transaction';
import { recordUsage } from '../../../db/usage/record-usage';
import type { AiRuntime } from '../../../integrations/ai/ai-model';
import { answerSource, knowledgeOnlyAnswer, relatedOffer, type KnowledgeOnlyAnswer } from '../../../integrations/ai/knowledge-only-answer';
import { generateModelAnswer, streamModelAnswer } from '../../../integrations/ai/model-answer';
import type { PromptPurpose } from '../../../integrations/ai/prompt';
import { asAppError } from './ai-errors';

export interface AiDeps {
  pool: pg.Pool;
  log: Pick<Logger, 'error' | 'warn'>;
  /** null: no provider configured; every answer quotes the knowledge base. */
  ai: AiRuntime | null;
}

export interface Question {
  user: UserRow;
  question: string;
  purpose: Extract<PromptPurpose, 'assistant' | 'suggestReply'>;
  /** Continue this conversation (its last turns go to the model as data); omitted: a new one. */
  conversationId?: string;
  platform?: string;
  /** Streaming: the answer's text as it is written. */
  onToken?: (text: string) => void;
  /** Streaming: aborts when the client disconnects; the model call in flight is cancelled and nothing is stored. */
  cancel?: AbortSignal;
  /** The answer when no model may answer; default: the best entries quoted. */
  withoutModel?: (hits: KnowledgeHit[]) => KnowledgeOnlyAnswer;
}

/** The model answers only when one is configured, the level gets model answers and this month's allowance is not used up. */
async function mayUseModel(deps: AiDeps, level: AccessLevel, workspaceId: string): Promise<AiRuntime | null> {
  if (!deps.ai) return null;
  const allowance = aiAllowances[level];
  if (!allowance.modelAnswers) return null;
  const used = await countModelAnswersThisMonth(deps.pool, workspaceId);
  return used < allowance.monthlyModelAnswers ? deps.ai : null;
}

/**
 * One question to the signed-in user's knowledge base (AI Assistant page, dashboard panel, smart
 * KB query, suggest reply): retrieval from their workspace only, a model answer or a quoted one,
 * both turns stored and the answer metered in one transaction. A provider failure throws the §8
 * AppError (503/504) and stores nothing.
 */
export async function answerQuestion(deps: AiDeps, q: Question): Promise<KbChatResponse> {
  const { user } = q;
  const level = accessLevelFor(user.subscriptionTier, true);
  const conversationId = q.conversationId ?? randomUUID();
  const hits = await searchKnowledge(deps.pool, user.workspaceId, q.question, { limit: 5 });
  const ai = await mayUseModel(deps, level, user.workspaceId);

  let answer: StoredAnswer & { relatedOffers: KbChatResponse['relatedOffers']; suggestedActions: string[] };
  if (ai) {
    const history = q.conversationId ? await readChatHistory(deps.pool, user.workspaceId, q.conversationId) : [];
    const call = { purpose: q.purpose, question: q.question, hits, history, ...(q.platform ? { platform: q.platform } : {}) };
    let r;
    try {
      r = q.onToken ? await streamModelAnswer(ai, call, q.onToken, q.cancel) : await generateModelAnswer(ai, call);
    } catch (err) {
      throw asAppError(err);
    }
    const offers = new Map(hits.map((h) => [h.id, h]));
    answer = {
      content: r.answer.answer,
      mode: 'model',
      confidence: r.answer.confidence,
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
  } else {
    const kb = (q.withoutModel ?? ((h: KnowledgeHit[]) => knowledgeOnlyAnswer(h)))(hits);
    // A quote arrives whole; streamed, it is one token.
    if (kb.response) q.onToken?.(kb.response);
    answer = { ...kb, content: kb.response, model: null, tokensIn: null, tokensOut: null };
  }

  const { messageId, usage } = await withTransaction(deps.pool, async (client) => {
    const messageId = await saveChatExchange(client, { workspaceId: user.workspaceId, userId: user.id, conversationId, question: q.question, answer });
    // "Nothing matched" is not an answer: it is stored but not counted.
    const usage = await recordUsage(client, user.workspaceId, answer.mode === 'none' ? 0 : 1);
    return { messageId, usage };
  });

  return {
    conversationId,
    messageId,
    response: answer.content,
    mode: answer.mode,
    confidence: answer.confidence,
    funnelStage: answer.funnelStage,
    relatedOffers: answer.relatedOffers,
    suggestedActions: answer.suggestedActions,
    sources: answer.sources,
    userRole: level,
    isAuthenticated: true,
    usage: usage ?? { messagesUsed: user.messagesUsed, messageLimit: user.messageLimit },
  };
}
