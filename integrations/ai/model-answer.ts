import { generateText, Output, parsePartialJson, streamText, type LanguageModelUsage } from 'ai';
import { modelAnswerSchema, type ModelAnswer } from '../../contracts/ai';
import type { AiRuntime } from './ai-model';
import { AiFailure } from './ai-failure';
import { buildUserPrompt, systemPrompts, type PromptData, type PromptPurpose } from './prompt';
import { withRetries } from './with-retries';

export interface ModelResult {
  answer: ModelAnswer;
  modelId: string;
  tokensIn: number | null;
  tokensOut: number | null;
}

export interface AnswerCall extends PromptData {
  purpose: PromptPurpose;
}

const output = Output.object({ schema: modelAnswerSchema, name: 'answer' });
const settings = { temperature: 0.3, maxOutputTokens: 1200, maxRetries: 0 } as const;

/** The model may cite only offers it was given (ADR 0011): anything else is dropped, not trusted. */
function keepGivenOffers(answer: ModelAnswer, call: AnswerCall): ModelAnswer {
  const offers = new Set(call.hits.filter((h) => h.kind === 'offer').map((h) => h.id));
  return { ...answer, relatedOfferIds: answer.relatedOfferIds.filter((id) => offers.has(id)) };
}

function result(ai: AiRuntime, answer: ModelAnswer, call: AnswerCall, usage: LanguageModelUsage | undefined): ModelResult {
  return { answer: keepGivenOffers(answer, call), modelId: ai.modelId, tokensIn: usage?.inputTokens ?? null, tokensOut: usage?.outputTokens ?? null };
}

/** One structured answer (generateText + Output.object), with deadline and retries. Throws AiFailure. */
export async function generateModelAnswer(ai: AiRuntime, call: AnswerCall): Promise<ModelResult> {
  const prompt = buildUserPrompt(call);
  return withRetries(ai.policy, async (abortSignal) => {
    const r = await generateText({ model: ai.model, system: systemPrompts[call.purpose], prompt, output, abortSignal, ...settings });
    return result(ai, r.output, call, r.usage);
  });
}

/**
 * The same answer streamed: the model writes the JSON object with `answer` first, so each partial
 * parse of the text so far yields a longer `answer`, and the new part goes to `onToken` as it comes.
 * A failure before the first token is retried like any call; after it, it is not (the client already
 * shows part of an answer) and surfaces as AiFailure. `cancel` (the client disconnected) aborts the
 * model call in flight, through the AI SDK's abortSignal, and is not retried.
 */
export async function streamModelAnswer(ai: AiRuntime, call: AnswerCall, onToken: (text: string) => void, cancel?: AbortSignal): Promise<ModelResult> {
  const prompt = buildUserPrompt(call);
  let sent = '';
  return withRetries(
    ai.policy,
    async (abortSignal) => {
      const r = streamText({ model: ai.model, system: systemPrompts[call.purpose], prompt, output, abortSignal, ...settings, onError: () => {} });
      let text = '';
      for await (const part of r.fullStream) {
        if (part.type === 'error') throw part.error;
        // The deadline's abort ends the stream with an `abort` part, not an error: rethrow it so it
        // is classified as a timeout (and retried), not as an empty answer that is "not JSON".
        if (part.type === 'abort') throw abortSignal.reason ?? new Error('AI call aborted');
        if (part.type !== 'text-delta') continue;
        text += part.text;
        const partial = await parsePartialJson(text);
        const value: unknown = partial.value;
        const answer = typeof value === 'object' && value !== null && 'answer' in value && typeof value.answer === 'string' ? value.answer : '';
        if (answer.length > sent.length && answer.startsWith(sent)) {
          onToken(answer.slice(sent.length));
          sent = answer;
        }
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new AiFailure('unavailable', 'The AI provider returned an answer that is not JSON', false);
      }
      const checked = modelAnswerSchema.safeParse(parsed);
      if (!checked.success)
        throw new AiFailure('unavailable', `The AI provider's answer did not match the expected shape: ${checked.error.issues[0]?.message ?? ''}`, false);
      // Whatever the partial parses missed (a final escape sequence) still reaches the client.
      if (checked.data.answer.length > sent.length && checked.data.answer.startsWith(sent)) onToken(checked.data.answer.slice(sent.length));
      sent = checked.data.answer;
      return result(ai, checked.data, call, await r.usage);
    },
    () => sent.length === 0,
    cancel,
  );
}

/** The smallest real call, for GET /api/ai/gemini/test: a one-word plain-text answer. */
export async function pingModel(ai: AiRuntime, abortSignal: AbortSignal): Promise<void> {
  await generateText({ model: ai.model, prompt: 'Reply with the single word: ok', maxOutputTokens: 5, maxRetries: 0, abortSignal });
}
