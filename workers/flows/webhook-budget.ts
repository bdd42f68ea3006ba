import { WEBHOOK_FLAG } from '../../contracts/jobs';

/**
 * How many of a worker process's job slots webhook calls may hold at once (ADR 0009): half,
 * at least one. The rest always stay free for inbound events, sends and run steps, whatever the
 * tenants' endpoints do. (With WORKER_CONCURRENCY=1 the one slot is shared, bounded by the deadline.)
 */
export const webhookSlots = (concurrency: number) => Math.max(1, Math.floor(concurrency / 2));

/**
 * How many of those slots one workspace may hold (ADR 0009, lanes): all but one, at least one. A
 * workspace has up to FLOW_WEBHOOK_LANES calls in flight fleet-wide; on each worker it leaves one
 * webhook slot to the others, so its backlog (older jobs, fetched first) cannot starve them.
 */
export const webhookSlotsPerWorkspace = (slots: number) => Math.max(1, slots - 1);

export interface WebhookBudget {
  /** Graphile's `forbiddenFlags`: while the slots are full, fetch no webhook call. */
  forbiddenFlags(): string[] | null;
  /**
   * Takes a slot for a call of this workspace, or false when the slots are full (several workers
   * fetched at once) or the workspace holds its share: the job hands itself back.
   */
  tryAcquire(workspaceId: string): boolean;
  release(workspaceId: string): void;
}

export function webhookBudget(slots: number, perWorkspace = webhookSlotsPerWorkspace(slots)): WebhookBudget {
  let inFlight = 0;
  const byWorkspace = new Map<string, number>();
  return {
    forbiddenFlags: () => (inFlight >= slots ? [WEBHOOK_FLAG] : null),
    tryAcquire(workspaceId) {
      const own = byWorkspace.get(workspaceId) ?? 0;
      if (inFlight >= slots || own >= perWorkspace) return false;
      inFlight++;
      byWorkspace.set(workspaceId, own + 1);
      return true;
    },
    release(workspaceId) {
      inFlight--;
      const own = (byWorkspace.get(workspaceId) ?? 1) - 1;
      if (own > 0) byWorkspace.set(workspaceId, own);
      else byWorkspace.delete(workspaceId);
    },
  };
}
