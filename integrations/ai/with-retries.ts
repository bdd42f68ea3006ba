import type { RetryPolicy } from './ai-model';
import { classifyAiError, type AiFailure } from './ai-failure';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs one model call with a deadline per attempt and bounded retries with exponential backoff on
 * what may pass (429, 5xx, timeouts, network). The AI SDK's own retries are off (maxRetries: 0) so
 * that timeouts are retried too and the backoff comes from config. A plain timer, not
 * AbortSignal.timeout(), so we know the abort was ours and can call it a timeout.
 * `canRetry` lets a stream refuse a retry once part of its answer has reached the client.
 */
export async function withRetries<T>(policy: RetryPolicy, attempt: (signal: AbortSignal) => Promise<T>, canRetry: () => boolean = () => true): Promise<T> {
  for (let n = 0; ; n++) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('AI call timed out'));
    }, policy.timeoutMs);
    let failure: AiFailure;
    try {
      return await attempt(controller.signal);
    } catch (err) {
      failure = classifyAiError(err, timedOut, policy.timeoutMs);
    } finally {
      clearTimeout(timer);
    }
    if (!failure.retryable || n >= policy.maxRetries || !canRetry()) throw failure;
    await sleep(policy.retryBaseMs * 2 ** n);
  }
}
