import { afterAll, beforeAll, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER } from '../../contracts/auth';
import { HttpClient } from '../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'http://rp.example.com', ENABLE_TEST_LOGIN: 'false' } });
});
afterAll(() => t.stop());

const c = () => new HttpClient(t.baseUrl, { origin: 'http://rp.example.com' });

it('production without SMTP_URL: no dev outbox (404), mail reported as not configured, same forgot answer', async () => {
  expect((await c().get('/api/dev/outbox')).status).toBe(404);
  expect((await c().get('/api/auth/mail-status')).data).toEqual({ configured: false, mode: 'disabled' });
  await c().post('/api/auth/register', { firstName: 'P', email: 'prod-reset@example.com', password: 'first-pass-word-1' });
  const res = await c().post('/api/auth/forgot-password', { email: 'prod-reset@example.com' });
  expect(res.status).toBe(200);
  expect(res.data.message).toBe(FORGOT_PASSWORD_ANSWER);
  await new Promise((r) => setTimeout(r, 300));
  const { rows } = await t.app.database.pool.query('select count(*)::int as n from dev_outbox');
  expect(rows[0].n).toBe(0);
});
