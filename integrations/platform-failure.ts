/**
 * What a failed platform call means for the send (ADR 0006), for every platform:
 * - `throttled` / `temporary`: the platform refused before doing anything; safe to try again later.
 * - `token`: the account's token is rejected; the connection is broken until the user reconnects.
 * - `window`: outside the messaging window.
 * - `unreachable`: the person can't be messaged.
 * - `uncertain`: no answer after the request left (timeout, reset, a bare 5xx): it may have been
 *   delivered, so it is never resent (no DM is ever sent twice).
 * - `rejected`: everything else (invalid parameter, permissions, policy block): fix, don't retry.
 */
export type PlatformFailure =
  | { kind: 'throttled'; message: string; retryAfterMs: number | null }
  | { kind: 'temporary'; message: string }
  | { kind: 'token'; message: string }
  | { kind: 'window'; message: string }
  | { kind: 'unreachable'; message: string }
  | { kind: 'uncertain'; message: string }
  | { kind: 'rejected'; message: string };

/** The raw error facts a classifier saw (Graph code/subcode, X HTTP status), for integrations/failure-reason.ts. */
export type PlatformFailureWithFacts = PlatformFailure & { code?: number | null; subcode?: number | null; httpStatus?: number | null };
