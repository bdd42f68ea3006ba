import { APICallError, RetryError } from 'ai';
import { aiErrors } from '../../contracts/ai';

/**
 * A model call that did not produce an answer, classified for the user (docs/product-spec.md §8):
 * `unavailable` (the provider refused, is down or out of quota → 503 'AI Service Unavailable'),
 * `connection` (no answer in time, or the network failed → 504 'Connection Issue').
 * `retryable`: 429, 5xx, timeouts and network failures (docs/platform-apis.md §2.10: retry 429/5xx
 * with backoff, fix the rest).
 */
export class AiFailure extends Error {
  constructor(
    readonly kind: 'unavailable' | 'connection',
    /** Plain words for the `details`/`message` of the error body. */
    readonly detail: string,
    readonly retryable: boolean,
    readonly statusCode: number | null = null,
  ) {
    super(kind === 'unavailable' ? aiErrors.unavailable : aiErrors.connection);
    this.name = 'AiFailure';
  }
}

/** Google's and OpenAI's error bodies both carry `error.message` (docs/platform-apis.md §2.10). */
function providerMessage(body: string | undefined): string | null {
  if (!body) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'error' in parsed) {
      const e = (parsed as { error: unknown }).error;
      if (typeof e === 'object' && e !== null && 'message' in e && typeof e.message === 'string') return e.message;
      if (typeof e === 'string') return e;
    }
  } catch {
    // not JSON: fall through
  }
  return null;
}

export function classifyAiError(err: unknown, timedOut: boolean, timeoutMs: number): AiFailure {
  if (err instanceof AiFailure) return err;
  if (timedOut) return new AiFailure('connection', `The AI provider did not answer within ${Math.round(timeoutMs / 1000)} s`, true);
  if (RetryError.isInstance(err)) return classifyAiError(err.lastError, false, timeoutMs);
  if (APICallError.isInstance(err)) {
    const status = err.statusCode;
    if (status === undefined) return new AiFailure('connection', `Could not reach the AI provider: ${err.message}`, true);
    const said = providerMessage(err.responseBody) ?? err.message;
    const retryable = status === 408 || status === 429 || status >= 500;
    const what = status === 429 ? 'is over its quota or rate limit' : status >= 500 ? 'is unavailable' : 'refused the request';
    return new AiFailure('unavailable', `The AI provider ${what} (HTTP ${status}): ${said}`, retryable, status);
  }
  // fetch's own network failures (connection refused, reset) before any response.
  if (err instanceof TypeError && /fetch|network|socket/i.test(err.message)) {
    return new AiFailure('connection', `Could not reach the AI provider: ${err.message}`, true);
  }
  const message = err instanceof Error ? err.message : String(err);
  return new AiFailure('unavailable', `The AI provider's answer could not be used: ${message}`, false);
}
