/**
 * How one send of a ledger row ended. Its own module so the platform drivers (send-meta.ts,
 * send-x.ts, send-at-most-once.ts) and the activity that picks a driver (send-outbound.activity.ts)
 * share it without importing each other.
 */
export type SendOutcome =
  | { status: 'sent' }
  | { status: 'already-sent' }
  | { status: 'missing' }
  | { status: 'failed'; retryable: false; error: string }
  /** Retryable (throttled, 5xx, network): the ledger row stays queued and is tried again at retryAt. */
  | { status: 'rescheduled'; retryAt: Date; error: string };
