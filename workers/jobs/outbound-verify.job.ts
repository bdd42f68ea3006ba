import type { Task } from 'graphile-worker';
import type pg from 'pg';
import type { PlatformDeps } from '../../activities/platform-deps';
import { verifyUncertainSend, type VerifyOptions } from '../../activities/sends/verify-delivery';
import { jobKey, jobs, type JobPayload } from '../../contracts/jobs';

/**
 * `outbound.verify {ledgerId}` (F23): an uncertain send checked with the platform
 * (activities/sends/verify-delivery.ts). A read whose slot in the account's bucket is further off, or
 * that the platform throttled, adds the job again for that time under the same key; a passing
 * failure throws (Graphile's retries). Never sends.
 */
export function outboundVerifyJob(pool: pg.Pool, platform: PlatformDeps, options: VerifyOptions): Task {
  return async (payload, helpers) => {
    const { ledgerId } = jobs['outbound.verify'].payload.parse(payload);
    const result = await verifyUncertainSend(pool, ledgerId, platform, options);
    if (result.outcome === 'settled') helpers.logger.info(`uncertain send ${ledgerId} checked with the platform: ${result.verdict}`);
    if (result.outcome !== 'later') return;
    const again: JobPayload<'outbound.verify'> = { ledgerId };
    await helpers.addJob('outbound.verify', again, {
      runAt: result.retryAt,
      jobKey: jobKey('outbound.verify', ledgerId),
      maxAttempts: jobs['outbound.verify'].maxAttempts,
      priority: jobs['outbound.verify'].priority ?? 0,
    });
  };
}
