import type { Task } from 'graphile-worker';
import type pg from 'pg';
import type { PlatformDeps } from '../../activities/platform-deps';
import { reconcileAccount, type ReconcileOptions } from '../../activities/reconcile-account';
import { jobs } from '../../contracts/jobs';
import {
  enqueueReconciliations,
  nextRequestedReconciliation,
  requeueReconciliations,
  settleReconciliationRequest,
} from '../../db/reconcile/enqueue-reconciliations';

/** How long one turn of the reconcile job works through requests before it hands over to a fresh job (a shutdown waits at most one account past this). */
export const RECONCILE_TURN_MS = 30_000;

/** `accounts:reconcile` (crontab, every minute): requests the accounts not reconciled in the last `everyMinutes`. */
export function accountsReconcileCron(pool: pg.Pool, everyMinutes: number): Task {
  return async (_payload, helpers) => {
    const requested = await enqueueReconciliations(pool, { dueAfterMinutes: everyMinutes });
    if (requested > 0) helpers.logger.info(`requested ${requested} account reconciliations`);
  };
}

/**
 * `account.reconcile` (ADR 0014, 0027): the one job that works through the requested accounts, oldest
 * request first, one at a time. A run paused by its read bucket or by Meta's throttling keeps its
 * request until its retry time; a platform refusal is recorded on the account's row (Connect
 * Accounts shows it) and waits for the next round. After a turn (`RECONCILE_TURN_MS`), at shutdown or
 * when nothing is ready, the job adds itself again if requests remain: at once, or when the earliest
 * pause ends. A job of the old shape (`{accountId}`, queued before migration 0032) requests its account.
 */
export function accountReconcileJob(
  pool: pg.Pool,
  platform: PlatformDeps,
  options: ReconcileOptions,
  turn: { shutdown?: AbortSignal; turnMs?: number } = {},
): Task {
  return async (payload, helpers) => {
    const { accountId: legacy } = jobs['account.reconcile'].payload.parse(payload);
    if (legacy) await enqueueReconciliations(pool, { accountIds: [legacy] });
    const endsAt = Date.now() + (turn.turnMs ?? RECONCILE_TURN_MS);
    while (Date.now() < endsAt && !turn.shutdown?.aborted && !helpers.abortSignal?.aborted) {
      const next = await nextRequestedReconciliation(pool);
      if (!next) break;
      let pausedUntil: Date | null = null;
      try {
        const result = await reconcileAccount(pool, next.accountId, platform, options);
        if (result.outcome === 'finished' && result.recovered > 0)
          helpers.logger.info(`reconciliation of ${next.accountId} recovered ${result.recovered} events`);
        if (result.outcome === 'failed') helpers.logger.warn(`reconciliation of ${next.accountId} failed: ${result.reason}`);
        if (result.outcome === 'paused') pausedUntil = result.retryAt;
      } catch (err) {
        // One account's unexpected error must not hold up every other account's request behind it:
        // logged and cleared; the next due sweep asks for it again.
        helpers.logger.error(`reconciliation of ${next.accountId} threw: ${String(err)}`, { error: err });
      }
      await settleReconciliationRequest(pool, next.accountId, pausedUntil);
    }
    await requeueReconciliations(pool);
  };
}
