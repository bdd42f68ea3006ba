import type pg from 'pg';
import type { AccountProfile } from '../../contracts/social-accounts';

/**
 * Connecting an account (again) reactivates it and clears what the health checks noted; an account
 * another workspace owns is never taken over (the `where` makes the upsert return no row).
 */
const reconnectSets = `is_active = true, status = 'active', status_reason = null, connected_at = now(),
  health_checked_at = null, health_error = null, granted_scopes = null, expiry_alerted_for = null`;

/** Insert or refresh one Meta account of this workspace; null when another workspace owns it. */
export async function upsertMetaAccount(
  client: Pick<pg.PoolClient, 'query'>,
  workspaceId: string,
  a: {
    platform: 'facebook' | 'instagram';
    externalId: string;
    username: string;
    displayName: string;
    /** Already encrypted (ARCHITECTURE.md#security). */
    token: string;
    linked: string | null;
    profile: AccountProfile;
    expiresAt?: Date | null;
  },
): Promise<string | null> {
  const { rows } = await client.query<{ id: string }>(
    `insert into social_accounts (workspace_id, platform, provider, external_id, username, display_name, access_token_enc, token_expires_at, linked_external_id, profile)
     values ($1, $2, 'meta', $3, $4, $5, $6, $9, $7, $8)
     on conflict (provider, platform, external_id) do update set
       username = excluded.username, display_name = excluded.display_name, access_token_enc = excluded.access_token_enc,
       token_expires_at = excluded.token_expires_at, linked_external_id = excluded.linked_external_id, profile = excluded.profile,
       ${reconnectSets}
     where social_accounts.workspace_id = excluded.workspace_id
     returning id`,
    [workspaceId, a.platform, a.externalId, a.username, a.displayName, a.token, a.linked, a.profile, a.expiresAt ?? null],
  );
  return rows[0]?.id ?? null;
}

/** Insert or refresh this workspace's X account; null when another workspace owns it. Tokens already encrypted. */
export async function upsertXAccount(
  db: Pick<pg.PoolClient, 'query'>,
  workspaceId: string,
  a: {
    externalId: string;
    username: string;
    displayName: string;
    accessToken: string;
    refreshToken: string | null;
    expiresAt: Date | null;
    profile: AccountProfile;
  },
): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `insert into social_accounts (workspace_id, platform, provider, external_id, username, display_name, access_token_enc, refresh_token_enc, token_expires_at, profile)
     values ($1, 'twitter', 'x', $2, $3, $4, $5, $6, $7, $8)
     on conflict (provider, platform, external_id) do update set
       username = excluded.username, display_name = excluded.display_name, access_token_enc = excluded.access_token_enc,
       refresh_token_enc = excluded.refresh_token_enc, token_expires_at = excluded.token_expires_at, profile = excluded.profile,
       ${reconnectSets}
     where social_accounts.workspace_id = excluded.workspace_id
     returning id`,
    [workspaceId, a.externalId, a.username, a.displayName, a.accessToken, a.refreshToken, a.expiresAt, a.profile],
  );
  return rows[0]?.id ?? null;
}
