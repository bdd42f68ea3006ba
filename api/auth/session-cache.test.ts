import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { SessionCache } from './session-cache';

const DAY = 86_400_000;
let clock = 1_000_000;
const newCache = (opts: Partial<{ ttlMs: number; maxEntries: number }> = {}) => {
  const cache = new SessionCache({ ttlMs: 30_000, maxEntries: 100, now: () => clock, ...opts });
  cache.setLive(true);
  return cache;
};
const sess = (userId: string | null, expiresAt = clock + DAY) => ({
  cookie: { expires: new Date(expiresAt).toISOString(), httpOnly: true },
  ...(userId ? { passport: { user: userId } } : {}),
});
const user = (id: string, firstName = 'Ada') => ({ id, firstName }) as unknown as UserRow;
const stored = (userId: string | null, u: UserRow | null = userId ? user(userId) : null) => ({ sess: sess(userId), user: u });

describe('SessionCache', () => {
  it('serves nothing until its process LISTENs, and nothing once the connection is lost (emptied)', async () => {
    const cache = new SessionCache({ ttlMs: 30_000, maxEntries: 100, now: () => clock });
    await cache.loadSession('s1', async () => stored('u1'));
    expect(cache.session('s1')).toBeUndefined();
    cache.setLive(true);
    await cache.loadSession('s1', async () => stored('u1'));
    expect(cache.session('s1')).toBeDefined();
    cache.setLive(false);
    expect(cache.session('s1')).toBeUndefined();
    cache.setLive(true);
    expect(cache.session('s1')).toBeUndefined();
  });

  it('a miss caches the session and the user read with it; every hit is a fresh copy', async () => {
    const cache = newCache();
    await cache.loadSession('s1', async () => stored('u1'));
    const first = cache.session('s1') as { passport: { user?: string } };
    delete first.passport.user; // what passport's logout does to the session object
    expect(cache.session('s1')).toEqual(sess('u1'));
    expect(cache.user('u1')?.firstName).toBe('Ada');
    expect(Object.isFrozen(cache.user('u1'))).toBe(true);
  });

  it('never serves a session past its cookie expiry, nor any entry past the TTL', async () => {
    const cache = newCache();
    await cache.loadSession('s1', async () => ({ sess: sess('u1', clock + 10_000), user: user('u1') }));
    await cache.loadSession('s2', async () => stored('u2'));
    clock += 10_000;
    expect(cache.session('s1')).toBeUndefined();
    expect(cache.session('s2')).toBeDefined();
    clock += 20_001;
    expect(cache.session('s2')).toBeUndefined();
    expect(cache.user('u2')).toBeUndefined();
  });

  it('a read overtaken by an invalidation is returned but not cached', async () => {
    const cache = newCache();
    let finish!: () => void;
    const pending = cache.loadSession('s1', () => new Promise<ReturnType<typeof stored>>((r) => (finish = () => r(stored('u1')))));
    cache.applyEnded({ sid: 's1' });
    finish();
    expect(await pending).toBeDefined();
    expect(cache.session('s1')).toBeUndefined();

    let finishUser!: () => void;
    const pendingUser = cache.loadUser('u2', () => new Promise<UserRow>((r) => (finishUser = () => r(user('u2')))));
    cache.applyChange({ userId: 'u2' });
    finishUser();
    await pendingUser;
    expect(cache.user('u2')).toBeUndefined();
  });

  it("ending a user's sessions keeps the one that asked, and forgets the user", async () => {
    const cache = newCache();
    for (const sid of ['a', 'b', 'c']) await cache.loadSession(sid, async () => stored('u1'));
    await cache.loadSession('other', async () => stored('u2'));
    cache.applyEnded({ userId: 'u1', exceptSid: 'b' });
    expect(['a', 'b', 'c', 'other'].map((s) => cache.session(s) !== undefined)).toEqual([false, true, false, true]);
    expect(cache.user('u1')).toBeUndefined();
    expect(cache.user('u2')).toBeDefined();
  });

  it("while a user's write runs, nothing of theirs is served or cached; afterwards it is again", async () => {
    const cache = newCache();
    await cache.loadSession('s1', async () => stored('u1'));
    const end = cache.beginWrite('u1');
    expect(cache.session('s1')).toBeUndefined();
    await cache.loadSession('s1', async () => stored('u1'));
    expect(cache.user('u1')).toBeUndefined();
    end();
    end(); // idempotent: 'finish' and 'close' both call it
    expect(cache.session('s1')).toBeUndefined();
    await cache.loadSession('s1', async () => stored('u1'));
    expect(cache.session('s1')).toBeDefined();
  });

  it('keeps at most maxEntries, evicting the least recently used', async () => {
    const cache = newCache({ maxEntries: 2 });
    await cache.loadSession('s1', async () => stored('u1'));
    await cache.loadSession('s2', async () => stored('u2'));
    cache.session('s1');
    await cache.loadSession('s3', async () => stored('u3'));
    expect(['s1', 's2', 's3'].map((s) => cache.session(s) !== undefined)).toEqual([true, false, true]);
    expect(cache.size).toEqual({ sessions: 2, users: 2 });
  });

  it('a TTL of 0 turns it off', async () => {
    const cache = newCache({ ttlMs: 0 });
    await cache.loadSession('s1', async () => stored('u1'));
    expect(cache.enabled).toBe(false);
    expect(cache.session('s1')).toBeUndefined();
  });
});
