import type pg from 'pg';
import { z } from 'zod';

type Db = Pick<pg.PoolClient, 'query'>;

const tokenRow = z.object({ access_token_enc: z.string().nullable(), refresh_token_enc: z.string().nullable(), token_expires_at: z.date().nullable() });
export type XTokenRow = z.infer<typeof tokenRow>;

/**
 * An X account's stored tokens, read under a per-account lock held until the caller's transaction
 * ends: refresh tokens rotate, so two refreshes at once would kill the connection
 * (activities/x-token.ts freshXToken).
 */
export async function lockXTokens(client: Db, accountId: string): Promise<XTokenRow> {
  await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`x-refresh:${accountId}`]);
  return tokenRow.parse(
    (await client.query('select access_token_enc, refresh_token_enc, token_expires_at from social_accounts where id = $1', [accountId])).rows[0],
  );
}

/** The refreshed tokens (encrypted), in the transaction that holds the lock; a refresh that returned no new refresh token keeps the old. */
export async function saveXTokens(
  client: Db,
  accountId: string,
  t: { accessTokenEnc: string; refreshTokenEnc: string | null; expiresAt: Date },
): Promise<void> {
  await client.query(
    `update social_accounts set access_token_enc = $2, refresh_token_enc = coalesce($3, refresh_token_enc), token_expires_at = $4 where id = $1`,
    [accountId, t.accessTokenEnc, t.refreshTokenEnc, t.expiresAt],
  );
}
