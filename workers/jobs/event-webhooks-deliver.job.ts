import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { deliverEventWebhook, type DeliveryCallOptions } from '../../activities/deliver-event-webhook.activity';
import { claimDueDeliveries, recordOutcomes, scheduleNextDelivery, type AttemptOutcome } from '../../db/event-webhooks/deliveries';
import type { PlatformDeps } from '../../activities/platform-deps';

type TokenCipher = PlatformDeps['cipher'];

export interface EventWebhookPolicy {
  /** Deliveries claimed per statement, and so posted at once. */
  batchSize: number;
  /** How long a claimed delivery is its worker's; after that it is due again (the worker died). Longer than a call's deadline. */
  leaseMs: number;
  /** The wait after attempt n (seconds): at least 24 h in all, then the delivery fails. */
  retryDelaysSec: readonly number[];
  /** A delivery failing for good after this many failed attempts in a row, with none delivered, disables its subscription. */
  disableAfterFailures: number;
  /** A job hands its slot back after this long and re-adds itself. */
  budgetMs: number;
}

/** Standard Webhooks' schedule, stretched past 24 h: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h (≈ 31.6 h in all, 8 attempts). */
export const DEFAULT_RETRY_DELAYS_SEC = [5, 300, 1800, 7200, 18000, 36000, 50400] as const;

export const defaultEventWebhookPolicy = (timeoutMs: number): EventWebhookPolicy => ({
  batchSize: 500,
  // Every call of a batch runs at once under its deadline, then one statement records them: twice the deadline is ample.
  leaseMs: 2 * timeoutMs + 5_000,
  retryDelaysSec: DEFAULT_RETRY_DELAYS_SEC,
  disableAfterFailures: DEFAULT_RETRY_DELAYS_SEC.length + 1,
  budgetMs: 20_000,
});

/**
 * Drains due deliveries: claim a batch (one statement), post it concurrently, record the outcomes
 * (one statement), again until none is due or the budget is spent; then the job is re-added for
 * the next due retry. Posts run on the event loop (no worker slot per call), so a batch of 500
 * slow endpoints costs one slot for one deadline. Logs each subscription it disabled.
 */
export async function deliverDueEventWebhooks(
  pool: pg.Pool,
  deps: { cipher: TokenCipher; call: DeliveryCallOptions; policy: EventWebhookPolicy; log?: (m: string) => void },
): Promise<{ delivered: number; failed: number; retried: number }> {
  const started = performance.now();
  const totals = { delivered: 0, failed: 0, retried: 0 };
  for (;;) {
    const batch = await claimDueDeliveries(pool, deps.policy.batchSize, deps.policy.leaseMs);
    if (batch.length === 0) break;
    const settled = await Promise.allSettled(batch.map((d) => deliverEventWebhook(d, deps.cipher, deps.call)));
    const outcomes: AttemptOutcome[] = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const disabled = await recordOutcomes(pool, outcomes, deps.policy);
    // Shutdown abandoned some calls: what finished is recorded, the rest is due again after its lease, same webhook-id.
    const abandoned = settled.find((r) => r.status === 'rejected');
    if (abandoned) throw abandoned.reason;
    for (const o of outcomes) {
      if (o.ok) totals.delivered++;
      else if (o.retry) totals.retried++;
      else totals.failed++;
    }
    for (const s of disabled) deps.log?.(`event webhook ${s.id} of workspace ${s.workspace_id} disabled after repeated failures`);
    if (batch.length < deps.policy.batchSize || performance.now() - started > deps.policy.budgetMs) break;
  }
  await scheduleNextDelivery(pool);
  return totals;
}

export function eventWebhooksDeliverJob(pool: pg.Pool, deps: { cipher: TokenCipher; call: DeliveryCallOptions; policy: EventWebhookPolicy }): Task {
  return async (_payload, helpers) => {
    const t = await deliverDueEventWebhooks(pool, { ...deps, log: (m) => helpers.logger.warn(m) });
    if (t.delivered + t.failed + t.retried > 0) helpers.logger.debug(`event webhooks: ${t.delivered} delivered, ${t.retried} to retry, ${t.failed} failed`);
  };
}
