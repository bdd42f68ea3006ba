import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';

// Weak passwords, a per-IP-only brute-force limit that successes used up, and an
// unthrottled "already registered" answer.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { AUTH_RATE_LIMIT_PER_15_MIN: '4', ACCOUNT_LOGIN_FAILURES_PER_15_MIN: '3', TRUST_PROXY: '1' } });
});
afterAll(() => t.stop());

const c = () => new HttpClient(t.baseUrl);
const clientIp = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });
async function clearLimits() {
  await t.app.database.pool.query('delete from rate_limit_hits');
}

describe('password rules at registration', () => {
  it.each([
    ['123456', 'Password must be at least 8 characters'],
    ['password1', 'This password is one of the most common passwords. Please choose one that is harder to guess'],
    ['ILOVEYOU', 'This password is one of the most common passwords. Please choose one that is harder to guess'],
    ['jane.doe@example.com', 'Password must not contain your email address or the part before the @'],
    ['Jane.Doe-2024', 'Password must not contain your email address or the part before the @'],
  ])('refuses %s with a message naming the rule', async (password, message) => {
    await clearLimits();
    const res = await c().post('/api/auth/register', { firstName: 'Jane', email: 'jane.doe@example.com', password });
    expect(res.status).toBe(400);
    expect(res.data.error).toBe(message);
    expect(res.data.details).toContainEqual({ path: 'password', message });
  });
});

describe('sign-in throttling', () => {
  it('successful sign-ins do not use up the per-address budget', async () => {
    await clearLimits();
    await c().post('/api/auth/register', { firstName: 'S', email: 'often@example.com', password: 'regular-visitor-1' });
    for (let i = 0; i < 8; i++) {
      expect((await c().post('/api/auth/login', { email: 'often@example.com', password: 'regular-visitor-1' })).status).toBe(200);
    }
    const { rows } = await t.app.database.pool.query("select coalesce(sum(hits), 0)::int as n from rate_limit_hits where key like 'login%'");
    expect(rows[0].n).toBe(0);
  });

  it('locks one account after 3 failures from any addresses (429 + Retry-After), other accounts unaffected', async () => {
    await clearLimits();
    await c().post('/api/auth/register', { firstName: 'V', email: 'victim@example.com', password: 'target-secret-91' });
    await c().post('/api/auth/register', { firstName: 'B', email: 'bystander@example.com', password: 'calm-harbour-22' });
    // Three addresses (TRUST_PROXY=1: X-Forwarded-For is the client), one failure each: no
    // per-address limit is near, the account's budget (3) is what runs out.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await c().post('/api/auth/login', { email: 'VICTIM@example.com', password: `guess-${i}-xyz` }, clientIp(i))).status);
    }
    expect(statuses).toEqual([401, 401, 401]);
    const locked = await c().post('/api/auth/login', { email: 'victim@example.com', password: 'target-secret-91' }, clientIp(9));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(locked.data.error).toMatch(/Too many failed sign-in attempts for this account/);
    // An unknown email is throttled the same way (no hint about which accounts exist).
    for (let i = 0; i < 3; i++) await c().post('/api/auth/login', { email: 'ghost@example.com', password: 'guess-guess-1' });
    expect((await c().post('/api/auth/login', { email: 'ghost@example.com', password: 'guess-guess-1' })).status).toBe(429);
    expect((await c().post('/api/auth/login', { email: 'bystander@example.com', password: 'calm-harbour-22' }, clientIp(10))).status).toBe(200);
  });

  it("a browser that signed in before is not locked out by a stranger's failures, and has its own budget", async () => {
    await clearLimits();
    const owner = c();
    expect((await owner.post('/api/auth/register', { firstName: 'O', email: 'pat@example.com', password: 'owners-secret-77' })).status).toBe(201);
    expect(owner.cookieHeader).toMatch(/rp_device=/);
    await owner.post('/api/logout');
    // A stranger locks the account for unknown browsers.
    for (let i = 0; i < 3; i++) await c().post('/api/auth/login', { email: 'pat@example.com', password: `guess-${i}-xyz` }, clientIp(20 + i));
    expect((await c().post('/api/auth/login', { email: 'pat@example.com', password: 'owners-secret-77' }, clientIp(30))).status).toBe(429);
    // The owner's browser still signs in, then signs out again.
    expect((await owner.post('/api/auth/login', { email: 'pat@example.com', password: 'owners-secret-77' }, clientIp(31))).status).toBe(200);
    await owner.post('/api/logout');
    // Its cookie names this account only: for another email it is an unknown browser.
    await c().post('/api/auth/register', { firstName: 'P', email: 'quinn@example.com', password: 'others-secret-88' });
    for (let i = 0; i < 3; i++) await c().post('/api/auth/login', { email: 'quinn@example.com', password: `guess-${i}-xyz` }, clientIp(40 + i));
    expect((await owner.post('/api/auth/login', { email: 'quinn@example.com', password: 'others-secret-88' }, clientIp(32))).status).toBe(429);
    // A forged or tampered cookie is an unknown browser too.
    const forged = new HttpClient(t.baseUrl, { cookie: 'rp_device=AAAAAAAAAAAAAAAAAAAAAA.bogus' });
    expect((await forged.post('/api/auth/login', { email: 'pat@example.com', password: 'owners-secret-77' }, clientIp(33))).status).toBe(429);
    // The known browser has a budget of its own: 3 failures, then it waits too.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await owner.post('/api/auth/login', { email: 'pat@example.com', password: `typo-${i}-xyz` }, clientIp(50 + i))).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect((await owner.post('/api/auth/login', { email: 'pat@example.com', password: 'owners-secret-77' }, clientIp(60))).data.error).toMatch(
      /from this browser/,
    );
  });

  it('keeps the per-address limit for failures across accounts', async () => {
    await clearLimits();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await c().post('/api/auth/login', { email: `who${i}@example.com`, password: 'nope-nope-1' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });
});

describe('"already registered" is rate limited', () => {
  it('answers 409 with the spec message, then 429 once the address has used its budget', async () => {
    await clearLimits();
    await c().post('/api/auth/register', { firstName: 'E', email: 'exists@example.com', password: 'taken-already-5' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await c().post('/api/auth/register', { firstName: 'E', email: 'exists@example.com', password: 'taken-already-5' })).status);
    }
    expect(statuses).toEqual([409, 409, 409, 429]);
  });
});
