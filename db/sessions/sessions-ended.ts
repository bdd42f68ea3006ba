import type pg from 'pg';
import { z } from 'zod';

/** NOTIFY channel: sessions that ended (logout, password change/reset, account deletion). */
export const SESSIONS_CHANNEL = 'replypilot_sessions';

/** One session (logout), or every session of a user but `exceptSid` (the one that changed the password). */
export const sessionsEndedSchema = z.union([
  z.object({ sid: z.string().min(1) }),
  z.object({ userId: z.string().min(1), exceptSid: z.string().min(1).optional() }),
]);
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

/**
 * Tells every web process to close the /ws sockets of ended sessions. Inside a
 * transaction it fires on commit, together with the deletion of the session rows.
 */
export async function notifySessionsEnded(db: Pick<pg.PoolClient, 'query'>, ended: SessionsEnded): Promise<void> {
  await db.query('select pg_notify($1, $2)', [SESSIONS_CHANNEL, JSON.stringify(ended)]);
}
