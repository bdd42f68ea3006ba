import { aiAnswerOutput, type AiAnswerOutput, type NodeConfig } from '../contracts/flows';

type ActivityResult = { ok: true; output: unknown } | { ok: false; error: string };

/**
 * An aiReply step's result → its recorded output and which exit it takes. Answered only with a
 * non-empty answer, no error, a match score at or above the node's threshold, and for a model's
 * answer the model's own rating of it at or above the threshold too (a model that says the
 * knowledge does not answer the question is not sent); everything else (low match score, nothing
 * matched, the model not asked or failing, a result that does not parse) hands off.
 */
export function aiReplyOutcome(config: NodeConfig<'aiReply'>, question: string, result: ActivityResult): { answered: boolean; output: AiAnswerOutput } {
  const failed = (error: string): AiAnswerOutput => ({
    question,
    answer: '',
    confidence: 0,
    mode: 'error',
    sources: [],
    model: null,
    tokensIn: null,
    tokensOut: null,
    error,
  });
  if (!result.ok) return { answered: false, output: failed(result.error) };
  const parsed = aiAnswerOutput.safeParse(result.output);
  if (!parsed.success) return { answered: false, output: failed('The AI answer could not be read') };
  const output = parsed.data;
  const threshold = config.confidenceThreshold;
  const answered =
    output.error === undefined &&
    (output.mode === 'model' || output.mode === 'knowledge_base') &&
    output.answer.trim() !== '' &&
    output.confidence >= threshold &&
    (output.mode !== 'model' || (output.modelConfidence ?? 0) >= threshold);
  return { answered, output };
}
