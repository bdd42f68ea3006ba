import { afterAll, beforeAll, expect, it } from 'vitest';
import { HttpClient } from '../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  // ENABLE_TEST_LOGIN unset: production refuses to boot with it (development only).
  t = await startTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://app.example.com', TRUST_PROXY: '1', ENABLE_TEST_LOGIN: '' } });
});
afterAll(() => t.stop());

const behindTls = { 'x-forwarded-proto': 'https' };

it('marks the session cookie Secure in production behind HTTPS', async () => {
  const c = new HttpClient(t.baseUrl, behindTls);
  const res = await c.post('/api/auth/register', { firstName: 'P', email: 'prod@example.com', password: 'secret12' });
  expect(res.status).toBe(201);
  const cookie = res.headers.getSetCookie().find((x) => x.startsWith('rp.sid='));
  expect(cookie).toMatch(/; Secure/);
  expect(cookie).toMatch(/HttpOnly/);
  expect(cookie).toMatch(/SameSite=Lax/);
});

it('has no demo and no test login in production unless ENABLE_DEMO is set', async () => {
  const c = new HttpClient(t.baseUrl, behindTls);
  expect((await c.post('/api/auth/test-login')).status).toBe(404);
  expect((await c.post('/api/auth/test-login', { email: 'demo@replypilot.app' })).status).toBe(404);
});

it('accepts requests whose Origin is PUBLIC_URL', async () => {
  const res = await new HttpClient(t.baseUrl, { ...behindTls, origin: 'https://app.example.com' }).post('/api/newsletter/subscribe', {
    email: 'p@example.com',
  });
  expect(res.status).toBe(200);
});
