import type { z } from 'zod';
import type { jobs } from '../contracts/jobs';
import { createGraphClient, GraphApiError } from '../integrations/meta/graph-client';
import { revokeXToken, XApiError } from '../integrations/x/x-api';
import type { PlatformDeps } from './platform-deps';

export type ReleasedAccount = z.infer<(typeof jobs)['accounts.release']['payload']>['accounts'][number];

/**
 * After an account deletion (the `accounts.release` job): each deleted Facebook Page is
 * unsubscribed from our app's webhooks (`DELETE /{page-id}/subscribed_apps`, as a disconnect does)
 * and each X grant is revoked (`POST /2/oauth2/revoke`). A token the platform already refuses has
 * nothing left to release: Graph codes 190 (invalid or expired token), 10 and 200–299 (permission
 * removed), 100 (no such Page); an X 4xx other than 429. What else failed (network, 5xx, throttling)
 * is returned, after every account was tried; the calls are idempotent, so trying again is safe.
 */
export async function releaseAccounts(
  platform: Pick<PlatformDeps, 'meta' | 'x' | 'cipher'>,
  accounts: ReleasedAccount[],
  log: { info(message: string): void; warn(message: string): void },
): Promise<{ failed: string[] }> {
  const graph = createGraphClient({
    baseUrl: platform.meta.graphBaseUrl,
    version: platform.meta.graphApiVersion,
    timeoutMs: platform.meta.timeoutMs,
    auth: 'query',
  });
  const failed: string[] = [];
  for (const a of accounts) {
    try {
      const token = platform.cipher.decrypt(a.tokenEnc);
      if (a.platform === 'facebook') await graph.call('DELETE', `/${a.externalId}/subscribed_apps`, token);
      else if (platform.x) await revokeXToken(platform.x, token, a.tokenKind);
      else log.warn(`X is not configured here: the grant of @${a.name} was not revoked`);
    } catch (err) {
      const refused =
        (err instanceof GraphApiError && graphRefused(err.code)) || (err instanceof XApiError && err.status >= 400 && err.status < 500 && err.status !== 429);
      if (refused) log.info(`${a.platform} ${a.name}: nothing to release (${(err as Error).message})`);
      else failed.push(`${a.platform} ${a.name}: ${(err as Error).message}`);
    }
  }
  return { failed };
}

/** Graph error codes that mean the grant is already gone (docs/platform-apis.md §2.7); throttling (4, 17, 32, 613) and the rest are retried. */
function graphRefused(code: number | null): boolean {
  return code === 190 || code === 100 || code === 10 || (code !== null && code >= 200 && code <= 299);
}
