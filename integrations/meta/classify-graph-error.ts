import type { PlatformFailure, PlatformFailureWithFacts } from '../platform-failure';
import { GraphApiError, PlatformNetworkError } from './graph-client';

/** Meta's error codes (docs/platform-apis.md §2.7) mapped onto the platform-neutral failure kinds. */
export type GraphFailure = PlatformFailureWithFacts;

/** Application, user, Page and BUC rate limits (§2.7). */
export const THROTTLE_CODES = new Set([4, 17, 32, 613, 80001, 80002, 80006]);
/** "Temporary / unexpected" (§2.7): nothing was done. */
const TEMPORARY_CODES = new Set([2, 1200]);
const WINDOW_SUBCODES = new Set([2018278, 2018065, 2018108]);

export function classifyGraphError(err: unknown): GraphFailure | null {
  const f = classify(err);
  return f && err instanceof GraphApiError ? { ...f, code: err.code, subcode: err.subcode, httpStatus: err.httpStatus } : f;
}

function classify(err: unknown): PlatformFailure | null {
  if (err instanceof PlatformNetworkError) {
    return err.requestSent ? { kind: 'uncertain', message: err.message } : { kind: 'temporary', message: err.message };
  }
  if (!(err instanceof GraphApiError)) return null;
  const m = `${err.message}${err.code !== null ? ` (code ${err.code}${err.subcode ? `/${err.subcode}` : ''})` : ''}`;
  if (err.code !== null && THROTTLE_CODES.has(err.code)) return { kind: 'throttled', message: m, retryAfterMs: err.retryAfterMs };
  if (err.httpStatus === 429) return { kind: 'throttled', message: m, retryAfterMs: err.retryAfterMs };
  if (err.code === 190) return { kind: 'token', message: m };
  if (err.code === 1545041 || (err.code === 10 && err.subcode !== null && WINDOW_SUBCODES.has(err.subcode))) return { kind: 'window', message: m };
  if (err.code === 551) return { kind: 'unreachable', message: m };
  if (err.code !== null && TEMPORARY_CODES.has(err.code)) return { kind: 'temporary', message: m };
  // Code 1 "unknown error" and a 5xx without a Graph body: Meta may have acted on it.
  if (err.code === 1 || (err.code === null && err.httpStatus >= 500)) return { kind: 'uncertain', message: m };
  return { kind: 'rejected', message: m };
}
