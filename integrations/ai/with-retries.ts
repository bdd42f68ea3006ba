import type { RetryPolicy } from './ai-model';
import { linkedAbort } from '../../contracts/abort';
import { classifyAiError, type AiFailure } from './ai-failure';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs one model call with a deadline per attempt and bounded retries with exponential backoff on
 * what may pass (429, 5xx, timeouts, network). The AI SDK's own retries are off (maxRetries: 0) so
 * that timeouts are retried too and the backoff comes from config. A plain timer, not
 * AbortSignal.timeout(), so we know the abort was ours and can call it a timeout.
 * `canRetry` lets a stream refuse a retry once part of its answer has reached the client.
 * `cancel` (the client went away) aborts the attempt in flight and is never retried.
 */
export async function withRetries<T>(
  policy: RetryPolicy,
  attempt: (signal: AbortSignal) => Promise<T>,
  canRetry: () => boolean = () => true,
  cancel?: AbortSignal,
): Promise<T> {
  for (let n = 0; ; n++) {
    const linked = linkedAbort([cancel]);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      linked.controller.abort(new Error('AI call timed out'));
    }, policy.timeoutMs);
    let failure: AiFailure;
    try {
      return await attempt(linked.signal);
    } catch (err) {
      failure = classifyAiError(err, timedOut, policy.timeoutMs);
    } finally {
      clearTimeout(timer);
      linked.dispose();
    }
    if (!failure.retryable || n >= policy.maxRetries || !canRetry() || cancel?.aborted) throw failure;
    await sleep(policy.retryBaseMs * 2 ** n);
  }
}
