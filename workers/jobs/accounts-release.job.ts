import type { Task } from 'graphile-worker';
import type { PlatformDeps } from '../../activities/platform-deps';
import { releaseAccounts } from '../../activities/release-accounts';
import { jobs } from '../../contracts/jobs';

/**
 * `accounts.release` (queued by an account deletion, db/auth/delete-account.ts): the deleted
 * workspace's Facebook Pages unsubscribed and X grants revoked (activities/release-accounts.ts).
 * If any call failed for a reason other than the token being gone, the job fails after trying them
 * all, and Graphile retries it with backoff (up to the catalogue's attempts).
 */
export function accountsReleaseJob(platform: Pick<PlatformDeps, 'meta' | 'x' | 'cipher'>): Task {
  return async (payload, helpers) => {
    const { accounts } = jobs['accounts.release'].payload.parse(payload);
    const { failed } = await releaseAccounts(platform, accounts, { info: (m) => helpers.logger.info(m), warn: (m) => helpers.logger.warn(m) });
    if (failed.length > 0) throw new Error(`could not release ${failed.length} of ${accounts.length} accounts: ${failed.join('; ')}`);
  };
}
