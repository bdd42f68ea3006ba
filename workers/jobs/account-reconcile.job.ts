import type { Task } from 'graphile-worker';
import type pg from 'pg';
import type { PlatformDeps } from '../../activities/platform-deps';
import { reconcileAccount, type ReconcileOptions } from '../../activities/reconcile-account';
import { jobKey, jobs, RECONCILE_QUEUE } from '../../contracts/jobs';
import { enqueueReconciliations } from '../../db/reconcile/enqueue-reconciliations';

/** `accounts:reconcile` (crontab, every minute): queues the accounts not reconciled in the last `everyMinutes`. */
export function accountsReconcileCron(pool: pg.Pool, everyMinutes: number): Task {
  return async (_payload, helpers) => {
    const queued = await enqueueReconciliations(pool, { dueAfterMinutes: everyMinutes });
    if (queued > 0) helpers.logger.info(`queued ${queued} account reconciliations`);
  };
}

/**
 * `account.reconcile {accountId}` (ADR 0014). A run paused by its read bucket or by Meta's
 * throttling re-adds itself for later under the same key and queue; a platform refusal is recorded
 * on the account's row (Connect Accounts shows it) and waits for the next round.
 */
export function accountReconcileJob(pool: pg.Pool, platform: PlatformDeps, options: ReconcileOptions): Task {
  return async (payload, helpers) => {
    const { accountId } = jobs['account.reconcile'].payload.parse(payload);
    const result = await reconcileAccount(pool, accountId, platform, options);
    if (result.outcome === 'finished' && result.recovered > 0) helpers.logger.info(`reconciliation of ${accountId} recovered ${result.recovered} events`);
    if (result.outcome === 'failed') helpers.logger.warn(`reconciliation of ${accountId} failed: ${result.reason}`);
    if (result.outcome === 'paused') {
      const def = jobs['account.reconcile'];
      await helpers.addJob('account.reconcile', { accountId } satisfies { accountId: string }, {
        runAt: result.retryAt,
        jobKey: jobKey('account.reconcile', accountId),
        queueName: RECONCILE_QUEUE,
        maxAttempts: def.maxAttempts,
        priority: def.priority ?? 0,
      });
    }
  };
}
