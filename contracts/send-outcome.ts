/**
 * How one send of a ledger row ended: what the send protocol (activities/sends/at-most-once.ts),
 * its drivers, the sandbox delivery (db/sends/deliver-sandbox.ts) and their callers share.
 */
export type SendOutcome =
  | { status: 'sent' }
  | { status: 'already-sent' }
  | { status: 'missing' }
  | { status: 'failed'; retryable: false; error: string }
  /** Retryable (throttled, 5xx, network): the ledger row stays queued and is tried again at retryAt. */
  | { status: 'rescheduled'; retryAt: Date; error: string };
