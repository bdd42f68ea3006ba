import type pg from 'pg';
import { z } from 'zod';
import type { PlatformFailure } from '../integrations/platform-failure';
import { XApiError, classifyXError, refreshXToken, xReply, xSendDm, type XClientConfig } from '../integrations/x/x-api';
import type { PlatformDeps } from './platform-deps';
import { sendAtMostOnce, type SendDriver, type SendEntry } from './send-at-most-once';
import type { SendOutcome } from './send-outbound.activity';

const REFRESH_MARGIN_MS = 60_000;
const tokenRow = z.object({ access_token_enc: z.string().nullable(), refresh_token_enc: z.string().nullable(), token_expires_at: z.date().nullable() });

/**
 * X: DMs (`/2/dm_conversations/with/:id/messages`) and public replies to a post that mentioned or
 * answered the account (platform-apis.md §4). X has no messaging window and no private replies.
 * Access tokens last 2 hours: an expiring one is refreshed first, under a per-account lock because
 * X's refresh tokens rotate (two refreshes at once would kill the connection).
 */
const xDriver: SendDriver<null> = {
  name: 'X',
  tokenRejected: 'X rejected the access token',
  check(entry) {
    if (entry.platform !== 'twitter') return { error: 'Not sent: this is not an X account' };
    if (entry.kind === 'private_reply') return { error: 'Not sent: X has no private replies; send a DM instead' };
    if (entry.text.trim() === '') return { error: 'Not sent: the message is empty' };
    const limit = entry.kind === 'public_reply' ? 280 : 10_000;
    if ([...entry.text].length > limit) return { error: `Not sent: longer than X allows (${limit.toLocaleString('en')} characters)` };
    return { plan: null };
  },
  async deliver(entry, token, _plan, deps, pool) {
    if (!deps.x) return { ok: false, failure: { kind: 'rejected', message: 'X is not configured on this server (X_CLIENT_ID / X_CLIENT_SECRET)' } };
    const fresh = await freshToken(pool, entry, token, deps.x, deps);
    if (typeof fresh !== 'string') return { ok: false, failure: fresh };
    try {
      if (entry.kind === 'public_reply') return { ok: true, platformId: (await xReply(deps.x, fresh, entry.target, entry.text)).tweetId };
      return { ok: true, platformId: (await xSendDm(deps.x, fresh, entry.target, entry.text)).dmEventId };
    } catch (err) {
      return { ok: false, failure: classifyXError(err) ?? { kind: 'uncertain', message: err instanceof Error ? err.message : String(err) } };
    }
  },
};

async function freshToken(pool: pg.Pool, entry: SendEntry, token: string, x: XClientConfig, deps: PlatformDeps): Promise<string | PlatformFailure> {
  if (!entry.token_expires_at || entry.token_expires_at.getTime() - Date.now() > REFRESH_MARGIN_MS) return token;
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`x-refresh:${entry.account_id}`]);
    const row = tokenRow.parse((await client.query('select access_token_enc, refresh_token_enc, token_expires_at from social_accounts where id = $1', [entry.account_id])).rows[0]);
    if (row.access_token_enc && row.token_expires_at && row.token_expires_at.getTime() - Date.now() > REFRESH_MARGIN_MS) {
      await client.query('commit'); // another send refreshed it meanwhile
      return deps.cipher.decrypt(row.access_token_enc);
    }
    if (!row.refresh_token_enc) {
      await client.query('rollback');
      return { kind: 'token', message: 'the access token expired and there is no refresh token' };
    }
    const t = await refreshXToken(x, deps.cipher.decrypt(row.refresh_token_enc));
    await client.query(
      `update social_accounts set access_token_enc = $2, refresh_token_enc = coalesce($3, refresh_token_enc), token_expires_at = $4 where id = $1`,
      [entry.account_id, deps.cipher.encrypt(t.accessToken), t.refreshToken ? deps.cipher.encrypt(t.refreshToken) : null, t.expiresAt],
    );
    await client.query('commit');
    return t.accessToken;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    // Nothing was sent yet: a refresh that failed on the network is safe to retry later.
    if (err instanceof XApiError && (err.status === 400 || err.status === 401)) return { kind: 'token', message: `token refresh refused: ${err.message}` };
    const f = classifyXError(err);
    if (f && (f.kind === 'uncertain' || f.kind === 'temporary')) return { kind: 'temporary', message: `token refresh failed: ${f.message}` };
    if (f) return f;
    throw err;
  } finally {
    client.release();
  }
}

export function sendThroughX(pool: pg.Pool, ledgerId: string, deps: PlatformDeps): Promise<SendOutcome> {
  return sendAtMostOnce(pool, ledgerId, deps, xDriver);
}
