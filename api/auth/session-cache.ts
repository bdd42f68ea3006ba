import type { UserRow } from '../../db/schema';
import type { SessionCacheChange } from '../../db/sessions/session-cache-channel';
import type { SessionsEnded } from '../../db/sessions/sessions-ended';

export interface SessionCacheOptions {
  /** Backstop: an entry is never served older than this, even if a notification was missed. 0 = no cache. */
  ttlMs: number;
  /** Per map (sessions, users): past it the least recently used entry goes. */
  maxEntries: number;
  now: () => number;
}

interface SessionEntry {
  /** The stored JSON: every hit parses its own copy (express-session and passport mutate it). */
  json: string;
  userId: string | null;
  /** The cookie's expiry (= the row's `expire`: sessions are not rolling). */
  expiresAt: number;
  at: number;
}

/** A database read in flight: what it read may be stale if an invalidation arrived meanwhile. */
interface Load {
  stale: boolean;
}

/**
 * Per-process cache of sessions (sid → stored session) and users (id → row), so a signed-in request
 * costs no database round trip (ADR 0016). Correct across web processes because every change
 * reaches every process by NOTIFY; the rules:
 *  - used only while this process LISTENs (`setLive`): not before the first LISTEN, and emptied and
 *    off from the moment the connection is lost until it is back (notices sent meanwhile are lost);
 *  - ended sessions (SESSIONS_CHANNEL), replaced sessions and changed or deleted users
 *    (SESSION_CACHE_CHANNEL) are dropped when their notice arrives; this process's own session
 *    writes drop them at once;
 *  - a database read that an invalidation overtook is not cached (`Load.stale`);
 *  - while a state-changing request of a user runs here, nothing of that user is cached or served
 *    from the cache, and it is dropped when the request starts (read-your-writes without waiting for
 *    the notice: password change, profile, onboarding);
 *  - an entry older than `ttlMs` is read again (a backstop for a lost notice), and a session past its
 *    cookie's expiry is never served.
 */
export class SessionCache {
  private readonly sessions = new Map<string, SessionEntry>();
  private readonly users = new Map<string, { row: UserRow; at: number }>();
  /** sid's of cached sessions, by user: "every session of this user" without a scan. */
  private readonly sidsByUser = new Map<string, Set<string>>();
  private readonly sessionLoads = new Map<string, Set<Load>>();
  private readonly userLoads = new Map<string, Set<Load>>();
  /** Bumped by every user invalidation: a session read that also returned its user fills the user only if none came. */
  private userEpoch = 0;
  private readonly writers = new Map<string, number>();
  private live = false;
  /** Requests answered from memory and from the database, for tests and measurements. */
  readonly stats = { sessionHits: 0, sessionMisses: 0, userHits: 0, userMisses: 0 };

  constructor(private readonly opts: SessionCacheOptions) {}

  get enabled(): boolean {
    return this.live && this.opts.ttlMs > 0;
  }

  /** The LISTEN connection is up (true) or lost (false). Either way the cache starts empty. */
  setLive(live: boolean): void {
    this.clear();
    this.live = live;
  }

  clear(): void {
    this.sessions.clear();
    this.users.clear();
    this.sidsByUser.clear();
    for (const loads of [...this.sessionLoads.values(), ...this.userLoads.values()]) for (const l of loads) l.stale = true;
    this.userEpoch++;
  }

  /** The stored session (a fresh copy), or undefined: not cached, expired, too old, or its user is writing. */
  session(sid: string): Record<string, unknown> | undefined {
    if (!this.enabled) return undefined;
    const e = this.sessions.get(sid);
    if (!e) return undefined;
    const now = this.opts.now();
    if (now - e.at > this.opts.ttlMs || now >= e.expiresAt) {
      this.dropSession(sid);
      return undefined;
    }
    if (e.userId !== null && this.writers.has(e.userId)) return undefined;
    this.stats.sessionHits++;
    // Most recently used last (Map keeps insertion order; the first key is evicted).
    this.sessions.delete(sid);
    this.sessions.set(sid, e);
    return JSON.parse(e.json) as Record<string, unknown>;
  }

  user(id: string): UserRow | undefined {
    if (!this.enabled || this.writers.has(id)) return undefined;
    const e = this.users.get(id);
    if (!e) return undefined;
    if (this.opts.now() - e.at > this.opts.ttlMs) {
      this.users.delete(id);
      return undefined;
    }
    this.users.delete(id);
    this.users.set(id, e);
    this.stats.userHits++;
    return e.row;
  }

  /**
   * Reads a session from the database through `read`, caching the result unless something
   * invalidated it meanwhile. `read` may also return the session's user (one query for both).
   */
  async loadSession<S extends { sess: Record<string, unknown>; user: UserRow | null }>(
    sid: string,
    read: () => Promise<S | undefined>,
  ): Promise<S | undefined> {
    this.stats.sessionMisses++;
    if (!this.enabled) return read();
    const load = this.begin(this.sessionLoads, sid);
    const epoch = this.userEpoch;
    try {
      const found = await read();
      if (found && !load.stale) {
        const userId = passportUser(found.sess);
        this.fillSession(sid, found.sess, userId);
        if (found.user && found.user.id === userId && epoch === this.userEpoch) this.fillUser(found.user);
      }
      return found;
    } finally {
      this.end(this.sessionLoads, sid, load);
    }
  }

  async loadUser(id: string, read: () => Promise<UserRow | undefined>): Promise<UserRow | undefined> {
    this.stats.userMisses++;
    if (!this.enabled) return read();
    const load = this.begin(this.userLoads, id);
    try {
      const row = await read();
      if (row && !load.stale) this.fillUser(row);
      return row;
    } finally {
      this.end(this.userLoads, id, load);
    }
  }

  /** SESSION_CACHE_CHANNEL: a stored session was replaced, or a user row changed or went. */
  applyChange(change: SessionCacheChange): void {
    if ('sid' in change) this.forgetSession(change.sid);
    else this.forgetUser(change.userId);
  }

  /** SESSIONS_CHANNEL: one session ended, or every session of a user but one (their row changed too). */
  applyEnded(ended: SessionsEnded): void {
    if ('sid' in ended) this.forgetSession(ended.sid);
    else {
      this.forgetSessionsOf(ended.userId, ended.exceptSid);
      this.forgetUser(ended.userId);
    }
  }

  forgetSession(sid: string): void {
    this.dropSession(sid);
    this.markStale(this.sessionLoads, sid);
  }

  forgetUser(id: string): void {
    this.users.delete(id);
    this.markStale(this.userLoads, id);
    this.userEpoch++;
  }

  /** Every cached session of a user but `exceptSid`; session reads in flight are of unknown users: all are distrusted. */
  forgetSessionsOf(userId: string, exceptSid?: string): void {
    for (const sid of [...(this.sidsByUser.get(userId) ?? [])]) if (sid !== exceptSid) this.dropSession(sid);
    for (const [sid, loads] of this.sessionLoads) if (sid !== exceptSid) for (const l of loads) l.stale = true;
  }

  /**
   * A state-changing request of this user starts: drop what is cached of them and cache nothing of
   * them until `end` (call it once the response is finished or the connection closed).
   */
  beginWrite(userId: string): () => void {
    this.writers.set(userId, (this.writers.get(userId) ?? 0) + 1);
    this.forgetUser(userId);
    this.forgetSessionsOf(userId);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const n = (this.writers.get(userId) ?? 1) - 1;
      if (n > 0) this.writers.set(userId, n);
      else this.writers.delete(userId);
    };
  }

  /** For tests and the ADR's figures. */
  get size(): { sessions: number; users: number } {
    return { sessions: this.sessions.size, users: this.users.size };
  }

  private fillSession(sid: string, sess: Record<string, unknown>, userId: string | null) {
    if (userId !== null && this.writers.has(userId)) return;
    const expiresAt = cookieExpiry(sess);
    if (expiresAt === undefined) return;
    this.dropSession(sid);
    this.sessions.set(sid, { json: JSON.stringify(sess), userId, expiresAt, at: this.opts.now() });
    if (userId !== null) {
      let sids = this.sidsByUser.get(userId);
      if (!sids) this.sidsByUser.set(userId, (sids = new Set()));
      sids.add(sid);
    }
    if (this.sessions.size > this.opts.maxEntries) this.dropSession(this.sessions.keys().next().value!);
  }

  private fillUser(row: UserRow) {
    if (this.writers.has(row.id)) return;
    this.users.delete(row.id);
    // Shared by every request that finds it: frozen, so no handler can change it for the others.
    this.users.set(row.id, { row: Object.freeze(row), at: this.opts.now() });
    if (this.users.size > this.opts.maxEntries) this.users.delete(this.users.keys().next().value!);
  }

  private dropSession(sid: string) {
    const e = this.sessions.get(sid);
    if (!e) return;
    this.sessions.delete(sid);
    if (e.userId === null) return;
    const sids = this.sidsByUser.get(e.userId);
    sids?.delete(sid);
    if (sids?.size === 0) this.sidsByUser.delete(e.userId);
  }

  private begin(loads: Map<string, Set<Load>>, key: string): Load {
    const load = { stale: false };
    let set = loads.get(key);
    if (!set) loads.set(key, (set = new Set()));
    set.add(load);
    return load;
  }

  private end(loads: Map<string, Set<Load>>, key: string, load: Load) {
    const set = loads.get(key);
    set?.delete(load);
    if (set?.size === 0) loads.delete(key);
  }

  private markStale(loads: Map<string, Set<Load>>, key: string) {
    for (const l of loads.get(key) ?? []) l.stale = true;
  }
}

function passportUser(sess: Record<string, unknown>): string | null {
  const p = sess.passport;
  if (typeof p !== 'object' || p === null) return null;
  const user = (p as { user?: unknown }).user;
  return typeof user === 'string' ? user : null;
}

/** express-session's cookie.expires (an ISO string once stored); undefined: not cacheable. */
function cookieExpiry(sess: Record<string, unknown>): number | undefined {
  const cookie = sess.cookie;
  if (typeof cookie !== 'object' || cookie === null) return undefined;
  const expires = (cookie as { expires?: unknown }).expires;
  const ms = typeof expires === 'string' || expires instanceof Date ? new Date(expires).getTime() : NaN;
  return Number.isFinite(ms) ? ms : undefined;
}
