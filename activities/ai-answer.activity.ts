import type pg from 'pg';
import { accessLevelFor, aiAllowances } from '../contracts/ai';
import type { AiAnswerOutput } from '../contracts/flows';
import { claimModelAnswer, releaseModelAnswer, workspaceTier, type ModelAnswerClaim } from '../db/ai/model-allowance';
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

export interface AiStepAnswer {
  output: AiAnswerOutput;
  /** The model answer claimed on the monthly allowance; the caller gives it back if the answer is not recorded. */
  claim: ModelAnswerClaim | null;
}

/** What the step records when the month's model answers are used up (shown in the Runs view and the activity feed). */
export function allowanceUsedUpNote(monthlyModelAnswers: number): string {
  return `This month's AI allowance (${monthlyModelAnswers} model answers) is used up: answered from the knowledge base without the model.`;
}

/**
 * An AI reply step's answer from the workspace's knowledge base (retrieval scoped to that workspace
 * only). With a provider, the model answers (its own deadline and retries, integrations/ai/with-retries.ts)
 * if the workspace's monthly allowance has a model answer left — claimed here, on the same count as
 * the chat's answers (db/ai/model-allowance.ts) — and reports its confidence; a failure after the
 * retries gives the claim back and is returned as `mode: 'error'`, so the node hands off instead of
 * failing the run. Without a provider, or with the allowance used up (then with a `note`), the best
 * entries are quoted (ADR 0011) with the quote's own confidence: 0.4, 0.5, 0.6 for 1, 2, 3+
 * matching entries, 0 when nothing matched.
 */
export async function answerFromKnowledge(pool: pg.Pool, ai: AiRuntime | null, req: AiAnswerRequest): Promise<AiStepAnswer> {
  const base = { question: req.question, model: null, tokensIn: null, tokensOut: null };
  if (req.question.trim() === '') return { output: { ...base, answer: '', confidence: 0, mode: 'none', sources: [] }, claim: null };
  const hits = await searchKnowledge(pool, req.workspaceId, req.question, { limit: 5 });
  const sources = hits.map((h) => ({ id: h.id, title: h.title }));

  let claim: ModelAnswerClaim | null = null;
  let note: string | undefined;
  if (ai) {
    const allowance = aiAllowances[accessLevelFor(await workspaceTier(pool, req.workspaceId), true)];
    claim = await claimModelAnswer(pool, req.workspaceId, allowance.modelAnswers ? allowance.monthlyModelAnswers : 0);
    if (!claim)
      note = allowance.modelAnswers
        ? allowanceUsedUpNote(allowance.monthlyModelAnswers)
        : 'This plan has no AI model answers: answered from the knowledge base.';
  }
  if (!ai || !claim) {
    const kb = knowledgeOnlyAnswer(hits);
    const output: AiAnswerOutput = {
      ...base,
      answer: kb.mode === 'none' ? '' : kb.response,
      confidence: kb.confidence,
      mode: kb.mode,
      sources: kb.sources.map((s) => ({ id: s.id, title: s.title })),
      ...(note ? { note } : {}),
    };
    return { output, claim: null };
  }
  try {
    const r = await generateModelAnswer(ai, {
      purpose: 'flowReply',
      question: req.question,
      hits,
      ...(req.instructions ? { instructions: req.instructions } : {}),
    });
    const output: AiAnswerOutput = {
      ...base,
      answer: r.answer.answer,
      confidence: r.answer.confidence,
      mode: 'model',
      sources,
      model: r.modelId,
      tokensIn: r.tokensIn,
      tokensOut: r.tokensOut,
    };
    return { output, claim };
  } catch (err) {
    await releaseModelAnswer(pool, claim);
    const error = err instanceof AiFailure ? `${err.message}: ${err.detail}` : err instanceof Error ? err.message : String(err);
    return { output: { ...base, answer: '', confidence: 0, mode: 'error', sources, model: ai.modelId, error }, claim: null };
  }
}
