import { makeWorkerUtils, type Task } from 'graphile-worker';
import type pg from 'pg';
import { jobs } from '../../contracts/jobs';
import { pruneExpiredDemos, pruneInboundEvents, pruneMail, pruneSessionsAndLimits, pruneStripeEvents } from '../../db/ops/prune';

export interface PruneOptions {
  /** Demo workspaces are deleted this long after they were made ("Try Live Demo"). */
  demoTtlHours: number;
  /** For Graphile's own garbage collection (makeWorkerUtils needs a pool, not a job's client). */
  pool: pg.Pool;
}

/**
 * Graphile Worker's bookkeeping that nothing else removes: the named queues of finished jobs (every
 * workspace's `webhook:` / `ai:` queue leaves a row behind) and task identifiers no job uses, except
 * ours. Permanently failed jobs are kept: their last error is what an operator reads.
 */
export async function collectJobQueueGarbage(pool: pg.Pool): Promise<void> {
  const utils = await makeWorkerUtils({ pgPool: pool });
  try {
    await utils.cleanup({ tasks: ['GC_JOB_QUEUES', 'GC_TASK_IDENTIFIERS'], taskIdentifiersToKeep: Object.keys(jobs) });
  } finally {
    await utils.release();
  }
}

/**
 * Deletes expired sessions, spent rate-limit windows, expired demo workspaces, old processed
 * inbound events, spent password-reset tokens, old development-outbox mails, Stripe event ids past their retries and Graphile's unused queues. Runs from the worker's crontab so web processes never do housekeeping on the
 * request path (connect-pg-simple's own pruning is off).
 */
export function maintenancePrune(opts: PruneOptions): Task {
  return async (_payload, helpers) => {
    await helpers.withPgClient(async (client) => {
      const { sessions, limits } = await pruneSessionsAndLimits(client);
      const demos = await pruneExpiredDemos(client, opts.demoTtlHours);
      const events = await pruneInboundEvents(client);
      const { resets, mails } = await pruneMail(client);
      const stripeEvents = await pruneStripeEvents(client);
      await collectJobQueueGarbage(opts.pool);
      helpers.logger.info(
        `pruned ${sessions} sessions, ${limits} rate-limit rows, ${demos} demo workspaces, ` +
          `${events} inbound events, ${resets} reset tokens, ${mails} outbox mails, ${stripeEvents} Stripe event ids`,
      );
    });
  };
}
