import session from 'express-session';
import type pg from 'pg';
import { deleteSession, readSessionWithUser, saveSession } from '../../db/sessions/session-rows';
import type { SessionCache } from './session-cache';

type Callback = (err?: unknown) => void;

/**
 * express-session's store on `user_sessions` (connect-pg-simple's table and row format), read
 * through the per-process SessionCache (ADR 0016). A miss reads the session and its user in one
 * query and caches both, so passport's deserialize finds the user without another round trip.
 * Writes go to PostgreSQL first; replacing or deleting a stored session notifies every web process
 * in the same statement and drops this process's copy at once.
 *
 * No `touch`: sessions are not rolling, so the row's expiry, set when the session is saved, is the
 * cookie's (express-session otherwise wrote an UPDATE per signed-in request). Expired rows are
 * pruned by the worker's maintenance job.
 */
export class PgSessionStore extends session.Store {
  constructor(
    private readonly pool: pg.Pool,
    private readonly cache: SessionCache,
    private readonly now: () => number,
    /** Used when a session has no cookie expiry (express-session always sets one with maxAge). */
    private readonly defaultTtlMs: number,
  ) {
    super();
  }

  override get(sid: string, cb: (err: unknown, session?: session.SessionData | null) => void): void {
    const hit = this.cache.session(sid);
    if (hit) return cb(null, hit as unknown as session.SessionData);
    this.cache
      .loadSession(sid, () => readSessionWithUser(this.pool, sid, this.now()))
      .then(
        (found) => cb(null, found ? (found.sess as unknown as session.SessionData) : null),
        // Wrapped: express-session reads an error with code ENOENT as "no such session" (a file
        // store's missing file), and pg's connect to a stopped server's Unix socket fails with
        // exactly that. The cause keeps it recognisable as an outage (503, db/unavailable.ts).
        (err: unknown) => cb(new Error('Could not read the session', { cause: err })),
      );
  }

  override set(sid: string, sess: session.SessionData, cb?: Callback): void {
    const expires = sess.cookie?.expires;
    const expireMs = expires ? new Date(expires).getTime() : this.now() + this.defaultTtlMs;
    this.cache.forgetSession(sid);
    saveSession(this.pool, sid, sess, expireMs).then(
      () => {
        // A read that started before the write could have cached the old data meanwhile.
        this.cache.forgetSession(sid);
        cb?.();
      },
      (err: unknown) => cb?.(err),
    );
  }

  override destroy(sid: string, cb?: Callback): void {
    this.cache.forgetSession(sid);
    deleteSession(this.pool, sid).then(
      () => {
        this.cache.forgetSession(sid);
        cb?.();
      },
      (err: unknown) => cb?.(err),
    );
  }
}
