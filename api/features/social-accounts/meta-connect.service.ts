import type pg from 'pg';
import type { AccountProfile } from '../../../contracts/social-accounts';
import type { TokenCipher } from '../../../integrations/crypto/token-cipher';
import type { FacebookPage } from '../../../integrations/meta/facebook-login';

export interface ConnectResult {
  connected: { platform: 'facebook' | 'instagram'; externalId: string; accountId: string; name: string }[];
  /** Pages or Instagram accounts another workspace has already connected (never taken over). */
  skipped: { platform: 'facebook' | 'instagram'; externalId: string; name: string }[];
}

/**
 * Stores each Page and its linked Instagram professional account (docs/platform-apis.md §3.1) in one
 * transaction, Page tokens encrypted (ARCHITECTURE.md#security). Page tokens obtained with a long-lived
 * user token do not expire, so token_expires_at stays null. Reconnecting an account reactivates it
 * and clears a needs_reconnect mark; an account owned by another workspace is left alone.
 */
export async function storeFacebookPages(pool: pg.Pool, workspaceId: string, pages: FacebookPage[], cipher: TokenCipher): Promise<ConnectResult> {
  const result: ConnectResult = { connected: [], skipped: [] };
  const client = await pool.connect();
  try {
    await client.query('begin');
    for (const page of pages) {
      const token = cipher.encrypt(page.access_token);
      const ig = page.instagram_business_account;
      const pageProfile: AccountProfile = { loginPath: 'facebook', name: page.name, ...(page.category ? { category: page.category } : {}) };
      const fb = await upsertAccount(client, workspaceId, {
        platform: 'facebook',
        externalId: page.id,
        username: page.name,
        displayName: page.name,
        token,
        linked: ig?.id ?? null,
        profile: pageProfile,
      });
      if (fb) result.connected.push({ platform: 'facebook', externalId: page.id, accountId: fb, name: page.name });
      else result.skipped.push({ platform: 'facebook', externalId: page.id, name: page.name });
      if (!ig) continue;
      const igProfile: AccountProfile = {
        loginPath: 'facebook',
        ...(ig.name ? { name: ig.name } : {}),
        ...(ig.profile_picture_url ? { pictureUrl: ig.profile_picture_url } : {}),
        ...(ig.followers_count !== undefined ? { followersCount: ig.followers_count } : {}),
        ...(ig.media_count !== undefined ? { mediaCount: ig.media_count } : {}),
      };
      const igId = await upsertAccount(client, workspaceId, {
        platform: 'instagram',
        externalId: ig.id,
        username: ig.username || ig.id,
        displayName: ig.name ?? ig.username,
        // Instagram messaging on the Facebook Login path goes through the Page with its token (§2.2).
        token,
        linked: page.id,
        profile: igProfile,
      });
      if (igId) result.connected.push({ platform: 'instagram', externalId: ig.id, accountId: igId, name: ig.username });
      else result.skipped.push({ platform: 'instagram', externalId: ig.id, name: ig.username });
    }
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** Insert or refresh one Meta account of this workspace; null when another workspace owns it. */
export async function upsertAccount(
  client: Pick<pg.PoolClient, 'query'>,
  workspaceId: string,
  a: {
    platform: 'facebook' | 'instagram';
    externalId: string;
    username: string;
    displayName: string;
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
       is_active = true, status = 'active', status_reason = null, connected_at = now(),
       health_checked_at = null, health_error = null, granted_scopes = null, expiry_alerted_for = null
     where social_accounts.workspace_id = excluded.workspace_id
     returning id`,
    [workspaceId, a.platform, a.externalId, a.username, a.displayName, a.token, a.linked, a.profile, a.expiresAt ?? null],
  );
  return rows[0]?.id ?? null;
}
