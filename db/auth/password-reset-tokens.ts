import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import { withTransaction } from '../transaction';
import { endUserSessions } from '../sessions/end-sessions';

export const RESET_TOKEN_TTL_MINUTES = 60;

/** Only the sha256 of a token is stored: a leaked table does not let anyone reset a password. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new single-use token for the user (32 random bytes, base64url); earlier unused ones stop working. */
export async function createResetToken(pool: pg.Pool, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await withTransaction(pool, async (client) => {
    await client.query('delete from password_reset_tokens where user_id = $1', [userId]);
    await client.query(
      `insert into password_reset_tokens (user_id, token_hash, expires_at)
       values ($1, $2, now() + make_interval(mins => $3))`,
      [userId, hashResetToken(token), RESET_TOKEN_TTL_MINUTES],
    );
  });
  return token;
}

const consumedSchema = z.object({ user_id: z.string(), email: z.string() });

/**
 * Consumes a valid token and sets the new password, in one transaction: the token is marked used
 * (a second use finds nothing), the password hash replaced and every session of the user ended.
 * `check` runs before anything changes (password policy needs the email). Undefined: no such
 * valid token.
 */
export async function resetPasswordWithToken(
  pool: pg.Pool,
  token: string,
  newHash: (email: string) => Promise<string>,
): Promise<{ userId: string; email: string } | undefined> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query(
      `update password_reset_tokens t set used_at = now()
       from users u
       where t.token_hash = $1 and t.used_at is null and t.expires_at > now() and u.id = t.user_id
       returning t.user_id, u.email`,
      [hashResetToken(token)],
    );
    if (rows.length === 0) return undefined;
    const { user_id: userId, email } = consumedSchema.parse(rows[0]);
    const hash = await newHash(email);
    await client.query('update users set password_hash = $2, updated_at = now() where id = $1', [userId, hash]);
    await client.query('delete from password_reset_tokens where user_id = $1 and used_at is null', [userId]);
    await endUserSessions(client, userId);
    return { userId, email };
  });
}
