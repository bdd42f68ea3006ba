import type pg from 'pg';
import { lockXTokens, saveXTokens } from '../db/social-accounts/x-tokens';
import { rollback, withTransaction, type Rollback } from '../db/transaction';
import type { TokenCipher } from '../integrations/crypto/token-cipher';
import type { PlatformFailure } from '../integrations/platform-failure';
import { XApiError, classifyXError, refreshXToken, type XClientConfig } from '../integrations/x/x-api';

const REFRESH_MARGIN_MS = 60_000;

/**
 * An X access token good for at least another minute. X access tokens last 2 hours (docs/platform-apis.md
 * §4.1); an expiring one is refreshed under a per-account lock because refresh tokens rotate: two
 * refreshes at once would kill the connection. A refused refresh is a `token` failure (reconnect);
 * one that failed on the network is `temporary` (nothing was sent, try later).
 */
export async function freshXToken(
  pool: pg.Pool,
  account: { id: string; tokenExpiresAt: Date | null },
  token: string,
  x: XClientConfig,
  cipher: TokenCipher,
): Promise<string | PlatformFailure> {
  if (!account.tokenExpiresAt || account.tokenExpiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS) return token;
  try {
    return await withTransaction(pool, async (client): Promise<string | Rollback<PlatformFailure>> => {
      const row = await lockXTokens(client, account.id);
      if (row.access_token_enc && row.token_expires_at && row.token_expires_at.getTime() - Date.now() > REFRESH_MARGIN_MS) {
        return cipher.decrypt(row.access_token_enc); // another caller refreshed it meanwhile
      }
      if (!row.refresh_token_enc) return rollback({ kind: 'token', message: 'the access token expired and there is no refresh token' });
      const t = await refreshXToken(x, cipher.decrypt(row.refresh_token_enc));
      await saveXTokens(client, account.id, {
        accessTokenEnc: cipher.encrypt(t.accessToken),
        refreshTokenEnc: t.refreshToken ? cipher.encrypt(t.refreshToken) : null,
        expiresAt: t.expiresAt,
      });
      return t.accessToken;
    });
  } catch (err) {
    // Rolled back by withTransaction; a refused or failed refresh is a send failure, not a crash.
    if (err instanceof XApiError && (err.status === 400 || err.status === 401)) return { kind: 'token', message: `token refresh refused: ${err.message}` };
    const f = classifyXError(err);
    if (f && (f.kind === 'uncertain' || f.kind === 'temporary')) return { kind: 'temporary', message: `token refresh failed: ${f.message}` };
    if (f) return f;
    throw err;
  }
}
