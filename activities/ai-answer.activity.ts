import type pg from 'pg';
import type { AiAnswerOutput } from '../contracts/flows';
import { searchKnowledge } from '../db/knowledge/search-knowledge';
import type { AiRuntime } from '../integrations/ai/ai-model';

/** The worker builds its AI runtime through here (workers/ may not reach integrations/ directly). */
export { createAiRuntime, type AiRuntime } from '../integrations/ai/ai-model';
import { AiFailure } from '../integrations/ai/ai-failure';
import { knowledgeOnlyAnswer } from '../integrations/ai/knowledge-only-answer';
import { generateModelAnswer } from '../integrations/ai/model-answer';

export interface AiAnswerRequest {
  workspaceId: string;
  question: string;
  instructions: string;
}

/**
 * An AI reply step's answer from the workspace's knowledge base (retrieval scoped to that workspace
 * only). With a provider, the model answers (its own deadline and retries, integrations/ai/with-retries.ts)
 * and reports its confidence; a failure after the retries is returned as `mode: 'error'`, so the node
 * hands off instead of failing the run. Without one, the best entries are quoted (ADR 0011) with the
 * quote's own confidence: 0.4, 0.5, 0.6 for 1, 2, 3+ matching entries, 0 when nothing matched.
 */
export async function answerFromKnowledge(pool: pg.Pool, ai: AiRuntime | null, req: AiAnswerRequest): Promise<AiAnswerOutput> {
  const base = { question: req.question, model: null, tokensIn: null, tokensOut: null };
  if (req.question.trim() === '') return { ...base, answer: '', confidence: 0, mode: 'none', sources: [] };
  const hits = await searchKnowledge(pool, req.workspaceId, req.question, { limit: 5 });
  const sources = hits.map((h) => ({ id: h.id, title: h.title }));
  if (!ai) {
    const kb = knowledgeOnlyAnswer(hits);
    return {
      ...base,
      answer: kb.mode === 'none' ? '' : kb.response,
      confidence: kb.confidence,
      mode: kb.mode,
      sources: kb.sources.map((s) => ({ id: s.id, title: s.title })),
    };
  }
  try {
    const r = await generateModelAnswer(ai, {
      purpose: 'flowReply',
      question: req.question,
      hits,
      ...(req.instructions ? { instructions: req.instructions } : {}),
    });
    return {
      ...base,
      answer: r.answer.answer,
      confidence: r.answer.confidence,
      mode: 'model',
      sources,
      model: r.modelId,
      tokensIn: r.tokensIn,
      tokensOut: r.tokensOut,
    };
  } catch (err) {
    const error = err instanceof AiFailure ? `${err.message}: ${err.detail}` : err instanceof Error ? err.message : String(err);
    return { ...base, answer: '', confidence: 0, mode: 'error', sources, model: ai.modelId, error };
  }
}
