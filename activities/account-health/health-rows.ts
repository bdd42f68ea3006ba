import type pg from 'pg';
import { z } from 'zod';
import type { AccountHealthWarning } from '../../contracts/social-accounts';
import { accountHealthWarning } from './warning';

const healthRow = z.object({
  id: z.string(),
  platform: z.enum(['instagram', 'facebook', 'twitter']),
  display_name: z.string(),
  username: z.string(),
  status: z.enum(['active', 'needs_reconnect']),
  status_reason: z.string().nullable(),
  token_expires_at: z.date().nullable(),
  refreshable: z.boolean(),
  automations: z.coerce.number(),
});

/**
 * Health warnings of a workspace's connected accounts (or of one account), each with the number
 * of active comment rules and flows on its platform: the automations that stop with it.
 */
export async function accountHealthWarnings(
  db: Pick<pg.PoolClient, 'query'>,
  scope: { workspaceId: string } | { accountId: string },
  now: Date,
): Promise<AccountHealthWarning[]> {
  const [column, value] = 'workspaceId' in scope ? ['workspace_id', scope.workspaceId] : ['id', scope.accountId];
  const { rows } = await db.query(
    `select a.id, a.platform, a.display_name, a.username, a.status, a.status_reason, a.token_expires_at,
            a.refresh_token_enc is not null as refreshable,
            (select count(*) from comment_rules r where r.workspace_id = a.workspace_id and r.is_active and r.platform = a.platform)
            + (select count(*) from flows f where f.workspace_id = a.workspace_id and f.is_active and f.platform in (a.platform, 'multi')) as automations
     from social_accounts a where a.${column} = $1 and a.provider <> 'sandbox' and a.is_active
     order by a.connected_at`,
    [value],
  );
  return z
    .array(healthRow)
    .parse(rows)
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
