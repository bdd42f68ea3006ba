import type pg from 'pg';
import { accessLevelFor, aiAllowances } from '../contracts/ai';
import type { AiAnswerOutput } from '../contracts/flows';
import { claimContactModelAnswer, releaseModelAnswer, workspaceTier, type ContactClaim, type ModelAnswerClaim } from '../db/ai/model-allowance';
import { searchKnowledge } from '../db/knowledge/search-knowledge';
import type { AiRuntime } from '../integrations/ai/ai-model';

/** The worker builds its AI runtime through here (workers/ may not reach integrations/ directly). */
export { createAiRuntime, type AiRuntime } from '../integrations/ai/ai-model';
import { AiFailure } from '../integrations/ai/ai-failure';
import { contactQuote } from '../integrations/ai/knowledge-only-answer';
import { generateModelAnswer } from '../integrations/ai/model-answer';

export interface AiAnswerRequest {
  workspaceId: string;
  /** Who asked: the answer is for them, so only public entries are used, and their own allowance is claimed. */
  contactId: string;
  question: string;
  instructions: string;
  /** The node's minimum match score; below it the model is not asked (absent: asked whatever the score). */
  threshold?: number | undefined;
}

export interface AiStepAnswer {
  output: AiAnswerOutput;
  /** The model answer claimed on the allowances; the caller gives it back if the answer is not recorded. */
  claim: ModelAnswerClaim | null;
}

/** What the step records when an allowance refused the model answer (shown in the Runs view and the activity feed). */
export function allowanceNote(refused: Exclude<ContactClaim, { claim: ModelAnswerClaim }>): string {
  if (refused.refused === 'contact')
    return `This contact reached today's AI allowance (${refused.perDay} model answers a day): handed off to a person without an AI answer.`;
  if (refused.refused === 'plan') return 'This plan has no AI model answers: handed off to a person without an AI answer.';
  return `This month's AI allowance (${refused.monthly} model answers) is used up: handed off to a person without an AI answer.`;
}

/**
 * An AI reply step's answer to a contact (ADR 0012, 0037) from the workspace's PUBLIC knowledge
 * entries only: what it says may be sent to whoever wrote, so internal entries never reach the model
 * or the quote. `confidence` is the best entry's match score (searchKnowledge).
 * - No provider: the passage of the best entry that answers is quoted (contactQuote), never a whole
 *   entry. Nothing matched: `none`.
 * - A provider: nothing matched, or the best score is under the node's threshold → `skipped`, the
 *   model is not asked (the node would not send its answer). Otherwise one model answer is claimed
 *   on the contact's allowance for the day (AI_CONTACT_ANSWERS_PER_DAY) and the workspace's month
 *   (db/ai/model-allowance.ts); refused by either → `skipped` with a note, and the node hands off to
 *   a person: past its allowance the node gives no AI reply at all, it does not fall back to quoting.
 *   The model answers with its own deadline and retries (integrations/ai/with-retries.ts); a failure
 *   gives the claim back and is `error`, so the node hands off instead of failing the run.
 */
export async function answerFromKnowledge(pool: pg.Pool, ai: AiRuntime | null, req: AiAnswerRequest): Promise<AiStepAnswer> {
  const base = { question: req.question, model: null, tokensIn: null, tokensOut: null };
  if (req.question.trim() === '') return { output: { ...base, answer: '', confidence: 0, mode: 'none', sources: [] }, claim: null };
  const hits = await searchKnowledge(pool, req.workspaceId, req.question, { audience: 'contact', limit: 5 });
  const sources = hits.map((h) => ({ id: h.id, title: h.title }));
  const score = hits[0]?.score ?? 0;

  if (!ai) {
    const kb = contactQuote(hits);
    return {
      output: {
        ...base,
        answer: kb.mode === 'none' ? '' : kb.response,
        confidence: kb.confidence,
        mode: kb.mode,
        sources: kb.sources.map((s) => ({ id: s.id, title: s.title })),
      },
      claim: null,
    };
  }
  const skipped = (note: string): AiStepAnswer => ({ output: { ...base, answer: '', confidence: score, mode: 'skipped', sources, note }, claim: null });
  if (hits.length === 0) return { output: { ...base, answer: '', confidence: 0, mode: 'none', sources: [] }, claim: null };
  if (req.threshold !== undefined && score < req.threshold)
    return skipped(`The best match scores ${score.toFixed(2)}, under this step's ${req.threshold.toFixed(2)}: handed off without asking the model.`);

  const allowance = aiAllowances[accessLevelFor(await workspaceTier(pool, req.workspaceId), true)];
  const claimed = await claimContactModelAnswer(pool, {
    workspaceId: req.workspaceId,
    contactId: req.contactId,
    perDay: ai.contactAnswersPerDay,
    monthlyLimit: allowance.modelAnswers ? allowance.monthlyModelAnswers : 0,
  });
  if (!('claim' in claimed)) return skipped(allowanceNote(claimed));
  const { claim } = claimed;
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
      confidence: score,
      modelConfidence: r.answer.confidence,
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
    return { output: { ...base, answer: '', confidence: score, mode: 'error', sources, model: ai.modelId, error }, claim: null };
  }
}
