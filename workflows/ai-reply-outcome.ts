import { aiAnswerOutput, type AiAnswerOutput, type NodeConfig } from '../contracts/flows';

type ActivityResult = { ok: true; output: unknown } | { ok: false; error: string };

/**
 * An aiReply step's result → its recorded output and which exit it takes. Answered only with a
 * non-empty answer, no error and confidence at or above the node's threshold; everything else
 * (low confidence, nothing matched, the model failing, a result that does not parse) hands off.
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
  const answered = output.error === undefined && output.mode !== 'none' && output.answer.trim() !== '' && output.confidence >= config.confidenceThreshold;
  return { answered, output };
}
