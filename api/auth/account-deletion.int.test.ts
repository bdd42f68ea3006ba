import { describe, expect, it } from 'vitest';
import { FRESH_SIGN_IN_MINUTES, SIGN_IN_AGAIN_TO_DELETE } from '../../contracts/auth';
import { mailedResetToken } from '../../tests/support/dev-outbox';
import { HttpClient } from '../../tests/support/http-client';
import { useTestApp } from '../../tests/support/use-test-app';
import { accountKey } from '../http/rate-limit';

// Typing DELETE was enough to delete an account (a borrowed, signed-in
// laptop sufficed), and the email stayed behind in newsletter rows, rate-limit rows and the dev outbox.
// Sessions are read from PostgreSQL on every request here, so a test can age a session's sign-in.
const app = useTestApp({ env: { SESSION_CACHE_TTL_SECONDS: '0' } });
const PW = 'first-pass-word-1';

let seq = 0;
async function registered(name = 'Ada') {
  const client = new HttpClient(app.t.baseUrl);
  const email = `${name.toLowerCase()}${++seq}-${Date.now()}@example.com`;
  const res = await client.post('/api/auth/register', { firstName: name, email, password: PW });
  expect(res.status).toBe(201);
  return { client, email, id: res.data.user.id as string };
}
const del = (c: HttpClient, body: Record<string, string>) => c.request('DELETE', '/api/account', { json: { confirmation: 'DELETE', ...body } });
const stillThere = async (id: string) => (await app.pool.query('select 1 from users where id = $1', [id])).rowCount === 1;
/** Moves the sign-in time of every session of this user `minutes` into the past. */
async function signedInMinutesAgo(userId: string, minutes: number) {
  await app.pool.query(
    `update user_sessions set sess = (sess::jsonb || jsonb_build_object('signedInAt', $2::bigint))::json where sess -> 'passport' ->> 'user' = $1`,
    [userId, Date.now() - minutes * 60_000],
  );
}

describe('deleting an account proves it is the owner', () => {
  it('asks for the password: missing or wrong, nothing is deleted', async () => {
    const { client, id } = await registered();
    const missing = await del(client, {});
    expect(missing.status).toBe(400);
    expect(missing.data.details).toContainEqual({ path: 'password', message: 'Password is required' });
    const wrong = await del(client, { password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.data.details).toContainEqual({ path: 'password', message: 'Password is incorrect' });
    expect(await stillThere(id)).toBe(true);
    expect((await del(client, { password: PW })).status).toBe(200);
    expect(await stillThere(id)).toBe(false);
  });

  it(`an account without a password (Google/Facebook sign-in) needs a sign-in from the last ${FRESH_SIGN_IN_MINUTES} minutes`, async () => {
    const { client, id } = await registered('Olive');
    await app.pool.query('update users set password_hash = null where id = $1', [id]);
    await signedInMinutesAgo(id, FRESH_SIGN_IN_MINUTES + 1);
    const stale = await del(client, {});
    expect(stale.status).toBe(403);
    expect(stale.data.error).toBe(SIGN_IN_AGAIN_TO_DELETE);
    expect(await stillThere(id)).toBe(true);
    await signedInMinutesAgo(id, 1);
    expect((await del(client, {})).status).toBe(200);
    expect(await stillThere(id)).toBe(false);
  });
});

describe('deleting an account leaves no trace of its email', () => {
  it('removes it from newsletter rows, rate-limit rows and the dev outbox, and nobody else’s', async () => {
    const gone = await registered('Gone');
    const stays = await registered('Stays');
    for (const who of [gone, stays]) {
      expect((await new HttpClient(app.t.baseUrl).post('/api/newsletter/subscribe', { email: who.email })).status).toBeLessThan(300);
      await new HttpClient(app.t.baseUrl).post('/api/auth/forgot-password', { email: who.email });
      await mailedResetToken(app.pool, who.email);
      await new HttpClient(app.t.baseUrl).post('/api/auth/login', { email: who.email, password: 'a-wrong-guess-1' });
    }
    const traces = async (who: { email: string; id: string }) => {
      const key = accountKey(who.email);
      const q = async (sql: string, p: unknown[]) => (await app.pool.query<{ n: number }>(sql, p)).rows[0]!.n;
      return {
        newsletter: await q('select count(*)::int as n from newsletter_subscriptions where lower(email) = lower($1)', [who.email]),
        outbox: await q('select count(*)::int as n from dev_outbox where lower(to_address) = lower($1)', [who.email]),
        rateLimits: await q('select count(*)::int as n from rate_limit_hits where strpos(key, $1) > 0 or strpos(key, $2) > 0', [key, who.id]),
      };
    };
    expect(await traces(gone)).toEqual({ newsletter: 1, outbox: 1, rateLimits: expect.any(Number) as number });
    expect((await traces(gone)).rateLimits).toBeGreaterThan(0);

    expect((await del(gone.client, { password: PW })).status).toBe(200);
    expect(await traces(gone)).toEqual({ newsletter: 0, outbox: 0, rateLimits: 0 });
    const kept = await traces(stays);
    expect(kept.newsletter).toBe(1);
    expect(kept.outbox).toBe(1);
    expect(kept.rateLimits).toBeGreaterThan(0);
  });
});
