import { beforeEach, describe, expect, it } from 'vitest';
import { mailedResetToken, outboxMailsTo } from '../../tests/support/dev-outbox';
import { HttpClient } from '../../tests/support/http-client';
import { useTestApp } from '../../tests/support/use-test-app';

// Ten failed sign-ins from anyone locked an account out of every new
// browser for 15 minutes, a completed reset did not lift it, and anyone could spend the account's three
// reset mails an hour. Failures now slow down whoever makes them — per (account, address) and per
// address — never the account alone; a reset lifts the delay and sets the device cookie; reset mails
// are counted per requesting address as well as per account. Clients send from their own loopback
// addresses (127.0.0.x), the server sees each as another client.
const app = useTestApp({
  env: {
    AUTH_RATE_LIMIT_PER_15_MIN: '6',
    LOGIN_FAILURES_BEFORE_DELAY: '3',
    // Reset mails at their defaults: 3 per account and address, 10 per account.
  },
});

const from = (address: string) => new HttpClient(app.t.baseUrl, {}, { localAddress: address });
let seq = 0;
async function account(password = 'owners-secret-77') {
  const email = `owner${++seq}-${Date.now()}@example.com`;
  expect((await from('127.0.0.1').post('/api/auth/register', { firstName: 'O', email, password })).status).toBe(201);
  return { email, password };
}
const login = (c: HttpClient, email: string, password: string) => c.post('/api/auth/login', { email, password });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeEach(async () => {
  await app.pool.query('delete from rate_limit_hits');
});

describe('failed sign-ins slow whoever makes them, never the account', () => {
  it('a stranger failing eleven times from a few addresses does not keep the owner out of a new browser', async () => {
    const { email, password } = await account();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(from(`127.0.0.${20 + (i % 4)}`), email, `guess-${i}-xyz`)).status);
    // A new browser elsewhere (no device cookie) signs in at once.
    const owner = from('127.0.0.19');
    expect((await login(owner, email, password)).status).toBe(200);
    expect(owner.cookieHeader).toMatch(/rp_device=/);
    // No address went past its free failures, so none was slowed.
    expect(statuses).toEqual(Array(11).fill(401));
    // The stranger's own address is slowed after its free failures.
    expect((await login(from('127.0.0.20'), email, 'guess-x-xyz')).status).toBe(429);
  });

  it('the delay after the free failures doubles, says how long in Retry-After, and a right password clears it', async () => {
    const { email, password } = await account();
    const c = from('127.0.0.22');
    for (let i = 0; i < 3; i++) expect((await login(c, email, `typo-${i}-xyz`)).status).toBe(401);
    const first = await login(c, email, 'typo-3-xyz');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('1');
    expect(first.data.error).toMatch(/^Too many failed sign-in attempts\. Try again in 1 seconds?, or reset your password\.$/);
    await sleep(1100);
    expect((await login(c, email, 'typo-4-xyz')).status).toBe(401);
    const second = await login(c, email, 'typo-5-xyz');
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBe(2);
    await sleep(2100);
    expect((await login(c, email, password)).status).toBe(200);
    // Signed in: this address and account start afresh.
    await c.post('/api/logout');
    expect((await login(from('127.0.0.22'), email, 'typo-6-xyz')).status).toBe(401);
  });

  it('slows one address trying many accounts, and not the owner of any of them elsewhere', async () => {
    const victim = await account();
    const c = from('127.0.0.23');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await login(c, `who${i}-${Date.now()}@example.com`, 'nope-nope-1')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    expect((await login(c, victim.email, victim.password)).status).toBe(429);
    expect((await login(from('127.0.0.24'), victim.email, victim.password)).status).toBe(200);
  });

  it("a browser the account knows is not slowed by a stranger's failures on its own network", async () => {
    const { email, password } = await account();
    const owner = from('127.0.0.25');
    expect((await login(owner, email, password)).status).toBe(200);
    await owner.post('/api/logout');
    // Same address, no cookie: the stranger uses up the address's and the pair's free failures.
    const stranger = from('127.0.0.25');
    for (let i = 0; i < 7; i++) await login(stranger, email, `guess-${i}-xyz`);
    expect((await login(stranger, email, password)).status).toBe(429);
    expect((await login(owner, email, password)).status).toBe(200);
    // A forged device cookie is no known browser.
    const forged = new HttpClient(app.t.baseUrl, { cookie: 'rp_device=AAAAAAAAAAAAAAAAAAAAAA.bogus' }, { localAddress: '127.0.0.25' });
    expect((await login(forged, email, password)).status).toBe(429);
  });
});

describe('a completed reset lifts the delay', () => {
  it('forgets the account’s failures and makes the resetting browser one the account knows', async () => {
    const { email } = await account();
    // The owner's own address is the one failing (a shared network, or the owner mistyping).
    const browser = from('127.0.0.30');
    for (let i = 0; i < 4; i++) await login(browser, email, `guess-${i}-xyz`);
    expect((await login(browser, email, 'guess-x-xyz')).status).toBe(429);
    const pairRows = async () => (await app.pool.query("select count(*)::int as n from rate_limit_hits where key like 'login-pair:%'")).rows[0].n as number;
    expect(await pairRows()).toBe(1);
    await browser.post('/api/auth/forgot-password', { email });
    const token = await mailedResetToken(app.pool, email);
    const reset = await browser.post('/api/auth/reset-password', { token, password: 'brand-new-secret-5' });
    expect(reset.status).toBe(200);
    expect(reset.data.message).toMatch(/Sign in with your new password/);
    expect(await pairRows()).toBe(0);
    expect(browser.cookieHeader).toMatch(/rp_device=/);
    expect((await login(browser, email, 'brand-new-secret-5')).status).toBe(200);
    // Another browser on that address, without the cookie, starts afresh too.
    expect((await login(from('127.0.0.30'), email, 'brand-new-secret-5')).status).toBe(200);
  });
});

describe('reset mails', () => {
  it("are counted per requesting address, so a stranger cannot spend the owner's allowance", async () => {
    const { email } = await account();
    const stranger = from('127.0.0.40');
    for (let i = 0; i < 6; i++) expect((await stranger.post('/api/auth/forgot-password', { email })).status).toBe(200);
    await mailedResetToken(app.pool, email, 2);
    await sleep(300);
    expect(await outboxMailsTo(app.pool, email)).toHaveLength(3);
    // The owner, elsewhere, still gets a mail.
    const answer = await from('127.0.0.41').post('/api/auth/forgot-password', { email });
    expect(answer.status).toBe(200);
    await mailedResetToken(app.pool, email, 3);
  });

  it('are bounded per account over every address, except for a browser the account knows', async () => {
    const { email, password } = await account();
    const owner = from('127.0.0.50');
    expect((await login(owner, email, password)).status).toBe(200);
    await owner.post('/api/logout');
    for (let a = 51; a <= 54; a++) for (let i = 0; i < 3; i++) await from(`127.0.0.${a}`).post('/api/auth/forgot-password', { email });
    await mailedResetToken(app.pool, email, 9);
    await sleep(300);
    expect(await outboxMailsTo(app.pool, email)).toHaveLength(10);
    expect((await owner.post('/api/auth/forgot-password', { email })).status).toBe(200);
    await mailedResetToken(app.pool, email, 10);
  });
});
