import type pg from 'pg';
import type { AccountProfile } from '../../../contracts/social-accounts';
import { recordAudit, type AuditActor } from '../../../db/audit/record-audit';
import { upsertMetaAccount } from '../../../db/social-accounts/upsert-connected-account';
import { withTransaction } from '../../../db/transaction';
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
export async function storeFacebookPages(
  pool: pg.Pool,
  workspaceId: string,
  pages: FacebookPage[],
  cipher: TokenCipher,
  /** Who connected them: each account connected is recorded in the audit log, in the same transaction. */
  actor?: AuditActor,
): Promise<ConnectResult> {
  const result: ConnectResult = { connected: [], skipped: [] };
  await withTransaction(pool, async (client) => {
    for (const page of pages) {
      const token = cipher.encrypt(page.access_token);
      const ig = page.instagram_business_account;
      const pageProfile: AccountProfile = { loginPath: 'facebook', name: page.name, ...(page.category ? { category: page.category } : {}) };
      const fb = await upsertMetaAccount(client, workspaceId, {
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
      const igId = await upsertMetaAccount(client, workspaceId, {
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
    if (actor) {
      for (const c of result.connected) {
        const label = `${c.platform === 'facebook' ? 'Facebook Page' : 'Instagram'} ${c.name}`;
        await recordAudit(client, actor, {
          action: 'account.connected',
          target: { type: 'account', id: c.accountId, label },
          details: { platform: c.platform },
        });
      }
    }
  });
  return result;
}
