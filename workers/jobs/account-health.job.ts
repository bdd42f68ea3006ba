import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { checkAccountHealth } from '../../activities/account-health/check-account-health';
import type { PlatformDeps } from '../../activities/platform-deps';
import { jobs } from '../../contracts/jobs';
import { enqueueHealthChecks } from '../../db/accounts/enqueue-health-checks';

/**
 * `accounts:health` (crontab): queues a check for every connected account not checked within the
 * interval. Each check is its own job, so a fleet of workers shares them and one slow platform
 * holds up nothing else.
 */
export function accountsHealthCron(pool: pg.Pool, intervalMinutes: number): Task {
  return async (_payload, helpers) => {
    const queued = await enqueueHealthChecks(pool, { dueAfterMinutes: intervalMinutes });
    if (queued > 0) helpers.logger.info(`queued ${queued} account health checks`);
  };
}

/**
 * `account.health {accountId}`: one account's check (activities/account-health). A check that got
 * no verdict (network, throttling) is not an error: the next round tries again.
 */
export function accountHealthJob(pool: pg.Pool, platform: PlatformDeps): Task {
  return async (payload, helpers) => {
    const { accountId } = jobs['account.health'].payload.parse(payload);
    const result = await checkAccountHealth(pool, accountId, platform);
    if (result.verdict === 'needs_reconnect') helpers.logger.warn(`account ${accountId} needs reconnecting: ${result.reason}`);
    if (result.verdict === 'unknown') helpers.logger.info(`account ${accountId} health unknown: ${result.error}`);
  };
}
