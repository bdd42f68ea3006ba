import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

const client = () => new HttpClient(t.baseUrl);
let seq = 0;
const uniqueEmail = () => `user${++seq}-${Date.now()}@example.com`;
const registration = (email = uniqueEmail()) => ({ firstName: 'Ada', lastName: 'Lovelace', email, password: 'secret12' });

describe('POST /api/auth/register', () => {
  it('creates a user with the spec defaults, signs them in and sets a safe session cookie', async () => {
    const c = client();
    const body = registration();
    const res = await c.post('/api/auth/register', body);
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({
      success: true,
      user: {
        email: body.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        subscriptionTier: 'Free',
        messagesUsed: 0,
        messageLimit: 100,
        onboardingStep: 0,
        profileImageUrl: null,
      },
    });
    expect(res.data.user.passwordHash).toBeUndefined();
    const cookie = res.headers.getSetCookie().find((x) => x.startsWith('rp.sid='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain HTTP outside production

    const me = await c.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.data.email).toBe(body.email);
  });

  it('stores emails lower-cased and trimmed so the same person cannot register twice', async () => {
    const email = uniqueEmail();
    await client().post('/api/auth/register', registration(email));
    const again = await client().post('/api/auth/register', registration(`  ${email.toUpperCase()} `));
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({
      success: false,
      message: 'This email is already registered. Please try logging in instead.',
    });
  });

  it.each([
    ['missing first name', { email: 'a@b.co', password: 'secret12' }, 'firstName', 'First name is required'],
    ['missing email', { firstName: 'A', password: 'secret12' }, 'email', 'Email is required'],
    ['bad email', { firstName: 'A', email: 'not-an-email', password: 'secret12' }, 'email', 'Please enter a valid email address'],
    ['short password', { firstName: 'A', email: 'a@b.co', password: 'abc1234' }, 'password', 'Password must be at least 8 characters'],
    ['missing password', { firstName: 'A', email: 'a@b.co' }, 'password', 'Password is required'],
  ])('rejects %s with 400 {error, details}', async (_name, body, field, message) => {
    const res = await client().post('/api/auth/register', body);
    expect(res.status).toBe(400);
    expect(res.data.error).toBe(message);
    expect(res.data.details).toContainEqual({ path: field, message });
  });

  it('answers malformed JSON with 400 and an oversize body with 413', async () => {
    const c = client();
    const bad = await c.request('POST', '/api/auth/register', { body: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.data.error).toBe('Malformed JSON body');
    const huge = await c.post('/api/auth/register', { ...registration(), firstName: 'x'.repeat(200_000) });
    expect(huge.status).toBe(413);
    expect(huge.data.error).toBe('Request body is too large');
  });
});

describe('POST /api/auth/login', () => {
  const email = `login-${Date.now()}@example.com`;
  beforeAll(async () => {
    await client().post('/api/auth/register', registration(email));
  });

  it('signs in with the right password', async () => {
    const c = client();
    const res = await c.post('/api/auth/login', { email: email.toUpperCase(), password: 'secret12' });
    expect(res.status).toBe(200);
    expect(res.data.message).toBe('Login successful');
    expect(res.data.user.email).toBe(email);
    expect((await c.get('/api/auth/user')).status).toBe(200);
  });

  it('answers a wrong password and an unknown email the same way: 401 Invalid credentials', async () => {
    const wrong = await client().post('/api/auth/login', { email, password: 'wrong-password' });
    const unknown = await client().post('/api/auth/login', { email: 'nobody@example.com', password: 'secret12' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.data.message).toBe('Invalid credentials');
    }
  });

  it('rejects missing fields with 400', async () => {
    const res = await client().post('/api/auth/login', { email });
    expect(res.status).toBe(400);
    expect(res.data.details).toContainEqual({ path: 'password', message: 'Password is required' });
  });

  it('gives a new session id on login (no session fixation)', async () => {
    const c = client();
    await c.post('/api/auth/test-login');
    const sid = () => /(?:^|;\s*)(rp\.sid=[^;]+)/.exec(c.cookieHeader)?.[1];
    const before = sid();
    expect(before).toBeTruthy();
    await c.post('/api/auth/login', { email, password: 'secret12' });
    expect(sid()).toBeTruthy();
    expect(sid()).not.toBe(before);
    expect((await c.get('/api/auth/user')).data.email).toBe(email);
  });
});

describe('sessions', () => {
  it('GET /api/auth/user is 401 when signed out', async () => {
    const res = await client().get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.data.error).toBe('Unauthorized');
  });

  it('GET /auth/user (docs/product-spec.md §7 probe) answers the same: JSON 401 signed out, the user signed in', async () => {
    const out = await client().get('/auth/user');
    expect(out.status).toBe(401);
    expect(out.headers.get('content-type')).toMatch(/^application\/json/);
    expect(out.data).toMatchObject({ error: 'Unauthorized', code: 'UNAUTHORIZED' });
    const c = client();
    const body = registration();
    await c.post('/api/auth/register', body);
    const me = await c.get('/auth/user');
    expect(me.status).toBe(200);
    expect(me.data).toEqual((await c.get('/api/auth/user')).data);
  });

  it('POST /api/logout ends the session', async () => {
    const c = client();
    await c.post('/api/auth/register', registration());
    const out = await c.post('/api/logout');
    expect(out.status).toBe(200);
    expect((await c.get('/api/auth/user')).status).toBe(401);
  });

  it('POST /api/logout: the old cookie no longer works even if a browser kept it', async () => {
    const c = client();
    await c.post('/api/auth/register', registration());
    const sid = c.cookieHeader;
    expect((await c.post('/api/logout')).status).toBe(200);
    const replay = await new HttpClient(t.baseUrl, { cookie: sid }).get('/api/auth/user');
    expect(replay.status).toBe(401);
  });

  it('GET /api/logout does not exist, so a cross-site link cannot sign anyone out', async () => {
    const c = client();
    await c.post('/api/auth/register', registration());
    const out = await c.get('/api/logout', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' });
    expect(out.status).toBe(404);
    expect((await c.get('/api/auth/user')).status).toBe(200);
  });
});

describe('cross-origin protection', () => {
  it('refuses a state-changing request from another origin', async () => {
    const res = await client().post('/api/auth/register', registration(), { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.data.error).toBe('Cross-origin request refused');
    const site = await client().post('/api/newsletter/subscribe', { email: 'x@y.co' }, { 'sec-fetch-site': 'cross-site' });
    expect(site.status).toBe(403);
  });

  it('accepts the same request from our own origin', async () => {
    const res = await client().post('/api/auth/register', registration(), { origin: t.baseUrl });
    expect(res.status).toBe(201);
  });
});

describe('unknown API routes', () => {
  it('answer JSON 404, not the SPA', async () => {
    const res = await client().get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.data.code).toBe('NOT_FOUND');
  });
});
