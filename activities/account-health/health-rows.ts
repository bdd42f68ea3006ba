import type pg from 'pg';
import type { AccountHealthWarning } from '../../contracts/social-accounts';
import { readAccountHealthRows } from '../../db/social-accounts/account-health';
import { accountHealthWarning } from './warning';

/**
 * Health warnings of a workspace's connected accounts (or of one account), each with the number
 * of active comment rules and flows on its platform: the automations that stop with it.
 */
export async function accountHealthWarnings(
  db: Pick<pg.PoolClient, 'query'>,
  scope: { workspaceId: string } | { accountId: string },
  now: Date,
): Promise<AccountHealthWarning[]> {
  return (await readAccountHealthRows(db, scope))
    .map((r) =>
      accountHealthWarning(
        {
          id: r.id,
          platform: r.platform,
          name: r.platform === 'facebook' ? r.display_name : `@${r.username}`,
          status: r.status,
          statusReason: r.status_reason,
          tokenExpiresAt: r.token_expires_at,
          refreshable: r.refreshable,
          automations: r.automations,
        },
        now,
      ),
    )
    .filter((w): w is AccountHealthWarning => w !== null);
}
