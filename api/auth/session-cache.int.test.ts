import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, type Replypilot } from '../../bin/boot';
import { findUserById } from '../../db/auth/users';
import { endUserSessions } from '../../db/sessions/end-sessions';
import { withTransaction } from '../../db/transaction';
import { recordUsage } from '../../db/usage/record-usage';
import { HttpClient } from '../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { toSignedInUser } from './public-user';

/**
 * The session cache (ADR 0016) across web processes: A (role all) and B (role web) on one
 * database, as `docker compose` runs web ×2. Whatever ends or changes a session or a user on one
 * process, or in the database from elsewhere (a worker, an operator), is refused or seen on the
 * other as soon as the NOTIFY arrives (within a 1 s poll here; the TTL is 30 s). The process that
 * made a change honours it at the very next request.
 */
let a: TestApp;
let b: Replypilot;
let bUrl: string;
let sql: pg.Pool;

async function startWeb(dbUrl: string, env: Record<string, string> = {}): Promise<Replypilot> {
  return boot({
    role: 'web',
    noUi: true,
    log: pino({ level: 'silent' }),
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: dbUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'replypilot-web2-')),
      SESSION_SECRET: 'test-session-secret-test-session-secret-0123',
      APP_ENCRYPTION_KEY: '0'.repeat(64),
      ACCOUNT_HEALTH_INTERVAL_MINUTES: '0',
      ...env,
    },
  });
}
const urlOf = (app: Replypilot) => (app.web?.url ?? '').replace('localhost', '127.0.0.1');
const cacheOf = (app: Replypilot) => app.web!.sessionCache;

/** Both processes LISTEN (the cache is off until they do). */
async function untilLive(...apps: Replypilot[]) {
  for (let i = 0; i < 100 && !apps.every((x) => cacheOf(x).enabled); i++) await new Promise((r) => setTimeout(r, 50));
  expect(apps.map((x) => cacheOf(x).enabled)).toEqual(apps.map(() => true));
}

beforeAll(async () => {
  a = await startTestApp();
  b = await startWeb(a.db.url);
  bUrl = urlOf(b);
  sql = new pg.Pool({ connectionString: a.db.url, max: 2 });
  await untilLive(a.app, b);
});
afterAll(async () => {
  await sql?.end();
  await b?.stop();
  await a?.stop();
});

let seq = 0;
const PW = 'cache-pass-word-1';
async function register(baseUrl: string) {
  const c = new HttpClient(baseUrl);
  const email = `cache${++seq}-${Date.now()}@example.com`;
  const res = await c.post('/api/auth/register', { firstName: 'Cache', email, password: PW });
  expect(res.status).toBe(201);
  return { c, email, userId: res.data.user.id as string };
}
async function signIn(baseUrl: string, email: string, password = PW) {
  const c = new HttpClient(baseUrl);
  expect((await c.post('/api/auth/login', { email, password })).status).toBe(200);
  return c;
}
/** GET /api/auth/user with this cookie on this process: the status. */
async function whoAmI(baseUrl: string, cookie: string) {
  const res = await fetch(`${baseUrl}/api/auth/user`, { headers: { cookie } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
/**
 * On another process than the one that made the change, or after a change made outside the web
 * processes, the change arrives as a NOTIFY on the LISTEN connection: typically before the next
 * request, but on a loaded machine the request can win that race by a few milliseconds. So those
 * checks allow up to 1 s (the TTL is 30 s: only the notice can make it).
 */
const soon = { timeout: 1000, interval: 5 };
const statusOn = (baseUrl: string, cookie: string) => async () => (await whoAmI(baseUrl, cookie)).status;

/** Twice, so the second answer comes from the process's cache; both must agree. */
async function warm(baseUrl: string, cookie: string) {
  const first = await whoAmI(baseUrl, cookie);
  const second = await whoAmI(baseUrl, cookie);
  expect(first.status).toBe(200);
  expect(second).toEqual(first);
  return second.body;
}

describe('the cache answers like the database', () => {
  it('a cache hit returns the same user as the database path, field for field', async () => {
    const { c, userId } = await register(a.baseUrl);
    const cache = cacheOf(a.app);
    const before = { ...cache.stats };
    const miss = await whoAmI(a.baseUrl, c.cookieHeader);
    const hit = await whoAmI(a.baseUrl, c.cookieHeader);
    expect(cache.stats.sessionHits - before.sessionHits).toBeGreaterThanOrEqual(1);
    expect(cache.stats.userHits - before.userHits).toBeGreaterThanOrEqual(1);
    expect(hit).toEqual(miss);
    const row = await findUserById(sql, userId);
    // GET /api/auth/user adds the workspace's trial end (ADR 0041) and whether the admin console opens (ADR 0042).
    expect(hit.body).toEqual({ ...JSON.parse(JSON.stringify(toSignedInUser(row!, a.app.config.demo.ttlHours))), trialEndsAt: null, isOperator: false });
  });
});

describe('ended sessions are refused on every process at once', () => {
  it('logout on A: the same cookie is refused on B (which had it cached) at the next request', async () => {
    const { c } = await register(a.baseUrl);
    const cookie = c.cookieHeader;
    await warm(bUrl, cookie);
    expect((await c.post('/api/logout')).status).toBe(200);
    expect((await whoAmI(a.baseUrl, cookie)).status).toBe(401);
    await expect.poll(statusOn(bUrl, cookie), soon).toBe(401);
  });

  it('password change on A ends the other sessions on A and B, keeps the one that changed it', async () => {
    const { c, email } = await register(a.baseUrl);
    const other = await signIn(bUrl, email);
    await warm(a.baseUrl, other.cookieHeader);
    await warm(bUrl, other.cookieHeader);
    await warm(bUrl, c.cookieHeader);
    const ok = await c.post('/api/account/password', { currentPassword: PW, newPassword: 'brand-new-secret-2' });
    expect(ok.status).toBe(200);
    expect((await whoAmI(a.baseUrl, other.cookieHeader)).status).toBe(401);
    await expect.poll(statusOn(bUrl, other.cookieHeader), soon).toBe(401);
    expect((await whoAmI(bUrl, c.cookieHeader)).status).toBe(200);
    expect((await whoAmI(a.baseUrl, c.cookieHeader)).status).toBe(200);
  });

  it('revoking every session of a user from outside the web processes (one transaction) is honoured by both', async () => {
    const { c, email, userId } = await register(a.baseUrl);
    const other = await signIn(bUrl, email);
    for (const url of [a.baseUrl, bUrl]) for (const s of [c, other]) await warm(url, s.cookieHeader);
    await withTransaction(sql, (client) => endUserSessions(client, userId));
    for (const url of [a.baseUrl, bUrl]) for (const s of [c, other]) await expect.poll(statusOn(url, s.cookieHeader), soon).toBe(401);
  });
});

describe('user changes reach every process', () => {
  it('a deleted user (their workspace pruned, as the demo clean-up does) is refused on both processes', async () => {
    const { c, userId } = await register(a.baseUrl);
    await warm(a.baseUrl, c.cookieHeader);
    await warm(bUrl, c.cookieHeader);
    await sql.query('delete from workspaces where id = (select workspace_id from users where id = $1)', [userId]);
    await expect.poll(statusOn(bUrl, c.cookieHeader), soon).toBe(401);
    await expect.poll(statusOn(a.baseUrl, c.cookieHeader), soon).toBe(401);
  });

  it('a profile edit on A is what B answers next; the editor sees it at once on A', async () => {
    const { c } = await register(a.baseUrl);
    await warm(a.baseUrl, c.cookieHeader);
    await warm(bUrl, c.cookieHeader);
    expect((await c.request('PATCH', '/api/account/profile', { json: { firstName: 'Renamed' } })).status).toBe(200);
    expect((await whoAmI(a.baseUrl, c.cookieHeader)).body.firstName).toBe('Renamed');
    await expect.poll(async () => (await whoAmI(bUrl, c.cookieHeader)).body.firstName, soon).toBe('Renamed');
  });

  it('a change written by another process (an operator renaming, in SQL) is what the next request shows', async () => {
    const { c, userId } = await register(a.baseUrl);
    await warm(bUrl, c.cookieHeader);
    await sql.query(`update users set first_name = 'Operator' where id = $1`, [userId]);
    await expect.poll(async () => (await whoAmI(bUrl, c.cookieHeader)).body.firstName, soon).toBe('Operator');
  });

  it('usage counted by a worker leaves the session cached (no notice), and the next request shows the new count', async () => {
    const { c, userId } = await register(a.baseUrl);
    expect((await warm(bUrl, c.cookieHeader)).messagesUsed).toBe(0);
    const { rows } = await sql.query<{ workspace_id: string }>('select workspace_id from users where id = $1', [userId]);
    expect(await recordUsage(sql, rows[0]!.workspace_id, 7)).toEqual({ messagesUsed: 7, messageLimit: 100 });
    // An update that changes nothing the cache serves (updated_at alone) sends no notice either.
    await sql.query('update users set updated_at = now() where id = $1', [userId]);
    await noticesDelivered();
    expect(cacheOf(b).user(userId)).toBeDefined();
    const before = { ...cacheOf(b).stats };
    const me = await whoAmI(bUrl, c.cookieHeader);
    expect(me.body.messagesUsed).toBe(7);
    expect(cacheOf(b).stats).toEqual({ ...before, sessionHits: before.sessionHits + 1, userHits: before.userHits + 1 });
  });

  it('a password changed in SQL (no session ended) still drops the cached user on every process', async () => {
    const { c, userId } = await register(a.baseUrl);
    await warm(bUrl, c.cookieHeader);
    expect(cacheOf(b).user(userId)?.passwordHash).not.toBeNull();
    await sql.query('update users set password_hash = null where id = $1', [userId]);
    await expect.poll(() => cacheOf(b).user(userId), soon).toBeUndefined();
    expect((await whoAmI(bUrl, c.cookieHeader)).body.hasPassword).toBe(false);
  });
});

/**
 * Notices arrive in commit order: once B has seen a change committed after the statements under
 * test, it has seen every notice those statements sent.
 */
async function noticesDelivered() {
  const probe = await register(a.baseUrl);
  await warm(bUrl, probe.c.cookieHeader);
  await sql.query(`update users set first_name = 'Barrier' where id = $1`, [probe.userId]);
  await expect.poll(() => cacheOf(b).user(probe.userId), soon).toBeUndefined();
}

describe('lost notifications', () => {
  it('after the LISTEN connection is lost the cache starts empty: a session deleted without a notice is refused', async () => {
    const { c } = await register(a.baseUrl);
    await warm(bUrl, c.cookieHeader);
    const cache = cacheOf(b);
    expect(cache.size.sessions).toBeGreaterThan(0);
    // Every web process's LISTEN connection (its last statement was a LISTEN) is cut.
    const cut = await sql.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
    );
    expect(cut.rows[0]!.n).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < 100 && cache.enabled; i++) await new Promise((r) => setTimeout(r, 20));
    expect(cache.size.sessions).toBe(0);
    // Deleted with no NOTIFY at all: only a cache emptied on reconnect can refuse it.
    const sid = /(?:^|;\s*)rp\.sid=s:([^.;]+)/.exec(decodeURIComponent(c.cookieHeader))?.[1];
    expect(sid).toBeTruthy();
    await sql.query(`delete from user_sessions where sid = $1`, [sid]);
    await untilLive(a.app, b);
    expect((await whoAmI(bUrl, c.cookieHeader)).status).toBe(401);
  });

  it('the TTL is a backstop: a notice-less change is served from memory until the TTL, then read again', async () => {
    const short = await startWeb(a.db.url, { SESSION_CACHE_TTL_SECONDS: '1' });
    try {
      await untilLive(short);
      const url = urlOf(short);
      const { c, userId } = await register(url);
      await warm(url, c.cookieHeader);
      // Bypass the trigger's notice, as a lost notification would.
      await withTransaction(sql, async (client) => {
        await client.query('alter table users disable trigger session_cache_user_changed');
        await client.query(`update users set first_name = 'Silent' where id = $1`, [userId]);
        await client.query('alter table users enable trigger session_cache_user_changed');
      });
      expect((await whoAmI(url, c.cookieHeader)).body.firstName).toBe('Cache');
      await new Promise((r) => setTimeout(r, 1100));
      expect((await whoAmI(url, c.cookieHeader)).body.firstName).toBe('Silent');
    } finally {
      await short.stop();
    }
  });
});
