import type pg from 'pg';
import { withTransaction } from '../transaction';
import { notifySessionsEnded } from './sessions-ended';

/**
 * Ends every session of a user except `exceptSid` (the one that changed the password): deletes
 * their rows and tells every web process to close their /ws sockets. Run inside the
 * caller's transaction so the password and the sessions change together.
 */
export async function endUserSessions(client: pg.PoolClient, userId: string, exceptSid?: string): Promise<number> {
  const { rowCount } = await client.query(`delete from user_sessions where sess -> 'passport' ->> 'user' = $1 and ($2::text is null or sid <> $2)`, [
    userId,
    exceptSid ?? null,
  ]);
  await notifySessionsEnded(client, exceptSid ? { userId, exceptSid } : { userId });
  return rowCount ?? 0;
}

/** Sets a new password hash and ends the user's other sessions, in one transaction. */
export async function setPasswordAndEndSessions(pool: pg.Pool, userId: string, passwordHash: string, keepSid?: string): Promise<void> {
  await withTransaction(pool, async (client) => {
    await client.query('update users set password_hash = $2, updated_at = now() where id = $1', [userId, passwordHash]);
    await endUserSessions(client, userId, keepSid);
  });
}
