import type pg from 'pg';
import type { Config } from '../../../config/config';
import { accountProfileSchema, type InstagramProfile } from '../../../contracts/social-accounts';
import { instagramProfileFrom, markNeedsReconnect, saveInstagramProfile, type InstagramAccountRow } from '../../../db/social-accounts/meta-accounts';
import type { TokenCipher } from '../../../integrations/crypto/token-cipher';
import { instagramProfile } from '../../../integrations/meta/facebook-login';
import { GraphApiError } from '../../../integrations/meta/graph-client';
import { AppError } from '../../http/errors';

/** Fresh from the Graph API (followers change); the stored copy when Meta can't be reached. */
export function createLiveProfile(deps: { pool: pg.Pool; config: Config; cipher: TokenCipher }) {
  const { pool } = deps;
  return async function liveProfile(account: InstagramAccountRow): Promise<InstagramProfile> {
    const cached = instagramProfileFrom(account.external_id, account.username, account.profile);
    // Instagram Login accounts: the profile stored at connect time (their host has no /{ig-id} read).
    const loginPath = accountProfileSchema.safeParse(account.profile ?? {});
    if (!account.access_token_enc || (loginPath.success && loginPath.data.loginPath === 'instagram')) return cached;
    try {
      const p = await instagramProfile(
        { graphBaseUrl: deps.config.meta.graphBaseUrl, version: deps.config.meta.graphApiVersion, timeoutMs: deps.config.platformHttpTimeoutMs },
        account.external_id,
        deps.cipher.decrypt(account.access_token_enc),
      );
      const profile: InstagramProfile = {
        id: p.id,
        username: p.username || account.username,
        name: p.name ?? null,
        profile_picture_url: p.profile_picture_url ?? null,
        followers_count: p.followers_count ?? null,
        media_count: p.media_count ?? null,
      };
      await saveInstagramProfile(pool, account.id, profile);
      return profile;
    } catch (err) {
      if (err instanceof GraphApiError && err.code === 190) {
        await markNeedsReconnect(pool, account.id, 'Meta rejected the access token (code 190) while reading the profile');
        throw new AppError('PLATFORM_REFUSED', 'Meta rejected this account’s access token; reconnect it');
      }
      return cached;
    }
  };
}
