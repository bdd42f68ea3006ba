import { WEBHOOK_FLAG } from '../../contracts/jobs';

/**
 * How many of a worker process's job slots webhook calls may hold at once (ADR 0009): half,
 * at least one. The rest always stay free for inbound events, sends and run steps, whatever the
 * tenants' endpoints do. (With WORKER_CONCURRENCY=1 the one slot is shared, bounded by the deadline.)
 */
export const webhookSlots = (concurrency: number) => Math.max(1, Math.floor(concurrency / 2));

export interface WebhookBudget {
  /** Graphile's `forbiddenFlags`: while the slots are full, fetch no webhook call. */
  forbiddenFlags(): string[] | null;
  /** Takes a slot, or false when full (several workers fetched at once): the job hands itself back. */
  tryAcquire(): boolean;
  release(): void;
}

export function webhookBudget(slots: number): WebhookBudget {
  let inFlight = 0;
  return {
    forbiddenFlags: () => (inFlight >= slots ? [WEBHOOK_FLAG] : null),
    tryAcquire() {
      if (inFlight >= slots) return false;
      inFlight++;
      return true;
    },
    release() {
      inFlight--;
    },
  };
}
