import type { FailureReason } from '../contracts/failed-sends';
import type { PlatformFailure } from './platform-failure';

/**
 * Why a send ended failed or uncertain, in the classes the Failed sends view groups by
 * (api/features/failed-sends). `error` on the ledger row keeps the platform's own words.
 */
export type { FailureReason };

/** The platform's error as the classifiers saw it: the neutral kind plus Graph code/subcode or X HTTP status. */
export interface PlatformErrorFacts {
  provider: 'meta' | 'x' | 'sandbox';
  kind: PlatformFailure['kind'];
  /** Graph `error.code`, or X's `errors[].code`. */
  code?: number | null;
  /** Graph `error.error_subcode`. */
  subcode?: number | null;
  httpStatus?: number | null;
}

const GRAPH_THROTTLE = new Set([4, 17, 32, 613, 80001, 80002, 80006]);
const GRAPH_WINDOW_SUBCODES = new Set([2018278, 2018065, 2018108]);

/**
 * Graph / X error codes (docs/platform-apis.md §2.7, §4.3) onto the reason classes. Pure.
 * Graph: 4/17/32/613/800xx throttling; 10 with a window subcode or 1545041 window; 551 unavailable;
 * 190 token; other 10 and 200–299 permissions. X: 429 throttled, 401 token, 403 recipient does
 * not accept DMs. A send that may have left without an answer is `uncertain`, never retried automatically.
 */
export function failureReason(f: PlatformErrorFacts): FailureReason {
  const code = f.code ?? null;
  if (f.kind === 'uncertain') return 'uncertain';
  if (f.provider === 'meta') {
    if (code === 1545041 || (code === 10 && f.subcode != null && GRAPH_WINDOW_SUBCODES.has(f.subcode))) return 'window_closed';
    if (code === 190) return 'account_disconnected';
    if (code === 551) return 'recipient_unavailable';
    if (code !== null && GRAPH_THROTTLE.has(code)) return 'rate_limited';
    if (code === 10 || (code !== null && code >= 200 && code <= 299)) return 'permission_removed';
  }
  if (f.provider === 'x') {
    if (f.httpStatus === 429 || code === 88) return 'rate_limited';
    if (f.httpStatus === 401) return 'account_disconnected';
    if (f.httpStatus === 403) return 'recipient_unavailable';
  }
  switch (f.kind) {
    case 'window':
      return 'window_closed';
    case 'token':
      return 'account_disconnected';
    case 'unreachable':
      return 'recipient_unavailable';
    case 'throttled':
    case 'temporary':
      return 'rate_limited';
    default:
      return 'rejected';
  }
}
