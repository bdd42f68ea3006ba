/**
 * How an activity ended (ARCHITECTURE.md#flow-runtime): `ok`; `retryable` (5xx, network, throttling —
 * tried again with backoff, or at `retryAt` when the platform said when); `terminal` (4xx, bad
 * token, outside the messaging window, refused address — the run fails with this reason).
 */
export type ActivityOutcome =
  | { ok: true; output: unknown }
  | { ok: false; retryable: true; error: string; retryAt?: Date; rateLimited?: boolean }
  | { ok: false; retryable: false; error: string };
