import { aiAnswerOutput } from '@contracts/flows';
import { formatMatchScore } from '../ai/ai.format';

/**
 * An AI Reply step's answer at a glance (question, answer, match score, mode, sources, model,
 * tokens, error, why no model answered), above the raw JSON. Parsed, not cast: a step of another
 * shape shows nothing here.
 */
export function AiAnswerSummary({ output }: { output: unknown }) {
  const parsed = aiAnswerOutput.safeParse(output);
  if (!parsed.success) return null;
  const a = parsed.data;
  const mode = {
    model: 'Model answer',
    knowledge_base: 'Quoted passage',
    none: 'Nothing public matched',
    skipped: 'Model not asked',
    error: 'Model failed',
  }[a.mode];
  const tokens = a.tokensIn !== null || a.tokensOut !== null ? `${a.tokensIn ?? 0} in / ${a.tokensOut ?? 0} out tokens` : null;
  return (
    <div
      className="mt-2 space-y-2 rounded-lg border border-violet-200 bg-violet-50/60 px-3 py-2 text-sm dark:border-violet-500/30 dark:bg-violet-500/10"
      data-testid="ai-answer"
    >
      <p className="text-slate-600 dark:text-slate-300">
        <span className="font-medium text-slate-900 dark:text-white">Question:</span> {a.question || '—'}
      </p>
      {a.answer && (
        <p className="whitespace-pre-wrap text-slate-800 dark:text-slate-100">
          <span className="font-medium text-slate-900 dark:text-white">Answer:</span> {a.answer}
        </p>
      )}
      {a.error && <p className="text-red-700 dark:text-red-300">{a.error}</p>}
      {a.note && <p className="text-amber-800 dark:text-amber-200">{a.note}</p>}
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
        <span className="font-semibold text-violet-700 dark:text-violet-300" title="How much of the question the best public knowledge entry holds (0 to 1)">
          {formatMatchScore(a.confidence)}
        </span>
        {a.modelConfidence !== undefined && <span>the model rated its answer {a.modelConfidence.toFixed(2)}</span>}
        <span>{mode}</span>
        {a.model && <span>{a.model}</span>}
        {tokens && <span>{tokens}</span>}
      </p>
      {a.sources.length > 0 && <p className="text-xs text-slate-500 dark:text-slate-400">Sources: {a.sources.map((s) => s.title).join(' · ')}</p>}
    </div>
  );
}
