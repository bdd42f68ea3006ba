import type pg from 'pg';
import { z } from 'zod';
import { notifyWorkspace } from '../notify';
import { recordActivity } from '../record-activity';

type Db = Pick<pg.PoolClient, 'query'>;

/** An account as its health check reads it (activities/account-health/check-account-health.ts, ADR 0008). */
export const healthAccountRow = z.object({
  id: z.string(),
  workspace_id: z.string(),
  provider: z.enum(['meta', 'x', 'sandbox']),
  platform: z.enum(['instagram', 'facebook', 'twitter']),
  username: z.string(),
  display_name: z.string(),
  access_token_enc: z.string().nullable(),
  token_expires_at: z.date().nullable(),
  is_active: z.boolean(),
  status: z.enum(['active', 'needs_reconnect']),
  profile: z.unknown(),
  expiry_alerted_for: z.date().nullable(),
});
export type HealthAccountRow = z.infer<typeof healthAccountRow>;

export async function readHealthAccount(db: Db, accountId: string): Promise<HealthAccountRow | undefined> {
  const { rows } = await db.query(
    `select id, workspace_id, provider, platform, username, display_name, access_token_enc, token_expires_at, is_active, status, profile, expiry_alerted_for
     from social_accounts where id = $1`,
    [accountId],
  );
  return rows[0] ? healthAccountRow.parse(rows[0]) : undefined;
}

/** No verdict this time (network, throttling): the check's time and why, the account left as it was. */
export async function recordHealthUnknown(db: Db, accountId: string, at: Date, error: string): Promise<void> {
  await db.query('update social_accounts set health_checked_at = $2, health_error = $3 where id = $1', [accountId, at, error]);
}

/**
 * A broken account marked `needs_reconnect` once (its sends stop, ADR 0006), in the caller's
 * transaction, with an activity line saying why and the browsers told; false when it changed meanwhile.
 */
export async function markAccountBroken(
  client: Db,
  account: Pick<HealthAccountRow, 'id' | 'workspace_id'>,
  found: { reason: string; at: Date; label: string },
): Promise<boolean> {
  const { rowCount } = await client.query(
    `update social_accounts set status = 'needs_reconnect', status_reason = $2, health_checked_at = $3, health_error = null
     where id = $1 and status = 'active' and is_active`,
    [account.id, found.reason, found.at],
  );
  if (!rowCount) return false;
  await recordActivity(
    client,
    account.workspace_id,
    'account_needs_reconnect',
    `${found.label} needs reconnecting: ${found.reason}. Its automations are paused until you reconnect it.`,
    'general',
  );
  await notifyWorkspace(client, account.workspace_id, { type: 'account.updated', accountId: account.id });
  return true;
}

/** What a successful check learned, written back in one statement (undefined fields: keep what is stored). */
export interface HealthFindings {
  scopes: string[] | null;
  tokenExpiresAt?: Date | null;
  /** The renewed token, already encrypted. */
  newTokenEnc?: string;
  profile?: unknown;
  username?: string;
  displayName?: string;
}

export async function saveHealthFindings(client: Db, accountId: string, at: Date, f: HealthFindings): Promise<void> {
  await client.query(
    `update social_accounts set health_checked_at = $2, health_error = null, granted_scopes = $3,
       token_expires_at = case when $4 then $5 else token_expires_at end,
       access_token_enc = coalesce($6, access_token_enc), profile = coalesce($7, profile),
       username = coalesce($8, username), display_name = coalesce($9, display_name)
     where id = $1 and status = 'active' and is_active`,
    [
      accountId,
      at,
      f.scopes,
      f.tokenExpiresAt !== undefined,
      f.tokenExpiresAt ?? null,
      f.newTokenEnc ?? null,
      f.profile ?? null,
      f.username ?? null,
      f.displayName ?? null,
    ],
  );
}

/** Marks the account's current token expiry as announced; false when it already was (one activity line per expiry date). */
export async function markExpiryAlerted(client: Db, accountId: string): Promise<boolean> {
  const { rowCount } = await client.query(
    `update social_accounts set expiry_alerted_for = token_expires_at where id = $1 and expiry_alerted_for is distinct from token_expires_at`,
    [accountId],
  );
  return Boolean(rowCount);
}

export const healthRow = z.object({
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
export type HealthRow = z.infer<typeof healthRow>;

/**
 * A workspace's connected accounts (or one account), each with the number of active comment rules
 * and flows on its platform: the automations that stop with it.
 */
export async function readAccountHealthRows(db: Db, scope: { workspaceId: string } | { accountId: string }): Promise<HealthRow[]> {
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
  return z.array(healthRow).parse(rows);
}
