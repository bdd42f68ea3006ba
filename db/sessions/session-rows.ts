import type pg from 'pg';
import { z } from 'zod';
import type { UserRow } from '../schema';
import { parseUserRow, userColumns } from '../auth/users';
import { SESSION_CACHE_CHANNEL } from './session-cache-channel';
import { SESSIONS_CHANNEL } from './sessions-ended';

type Db = Pick<pg.Pool, 'query'>;

/** passport keeps the signed-in user's id at sess.passport.user; only a well-formed uuid is looked up. */
const sessionUserId = `case when s.sess -> 'passport' ->> 'user' ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
  then (s.sess -> 'passport' ->> 'user')::uuid end`;

const sessionRowSchema = z.object({ sess: z.record(z.string(), z.unknown()), id: z.string().nullable() });

export interface StoredSession {
  /** connect-pg-simple's `sess` column as stored (express-session's JSON). */
  sess: Record<string, unknown>;
  /** The session's signed-in user, read in the same query; null when it has none or they are gone. */
  user: UserRow | null;
}

/**
 * A live session and its user in ONE round trip (the session store's miss path): the row of
 * `user_sessions` (expired rows are invisible, as in connect-pg-simple) joined with `users`.
 */
export async function readSessionWithUser(db: Db, sid: string, nowMs: number): Promise<StoredSession | undefined> {
  const { rows } = await db.query(
    `select s.sess, ${userColumns}
     from user_sessions s left join users on users.id = ${sessionUserId}
     where s.sid = $1 and s.expire >= to_timestamp($2)`,
    [sid, nowMs / 1000],
  );
  if (rows[0] === undefined) return undefined;
  const row = sessionRowSchema.parse(rows[0]);
  return { sess: row.sess, user: row.id === null ? null : parseUserRow(rows[0]) };
}

/**
 * Stores a session (connect-pg-simple's upsert). When it replaces a stored one, the other web
 * processes are told in the same statement to drop their cached copy (an OAuth `state` saved here
 * must be seen by the process the callback lands on). A new session needs no notice: no one has it.
 */
export async function saveSession(db: Db, sid: string, sess: unknown, expireMs: number): Promise<void> {
  await db.query(
    `with up as (
       insert into user_sessions (sess, expire, sid) values ($1, to_timestamp($2), $3)
       on conflict (sid) do update set sess = excluded.sess, expire = excluded.expire
       returning (xmax <> 0) as replaced
     )
     select pg_notify($4, json_build_object('sid', $3::text)::text) from up where up.replaced`,
    [JSON.stringify(sess), expireMs / 1000, sid, SESSION_CACHE_CHANNEL],
  );
}

/**
 * Deletes a session (logout, and the old id of every regenerated session) and, in the same
 * statement, announces it ended: every web process drops it from its cache and closes its /ws sockets.
 */
export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db.query(
    `with gone as (delete from user_sessions where sid = $1 returning sid)
     select pg_notify($2, json_build_object('sid', gone.sid)::text) from gone`,
    [sid, SESSIONS_CHANNEL],
  );
}
