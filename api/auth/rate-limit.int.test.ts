import { afterAll, beforeAll, expect, it } from 'vitest';
import { HttpClient } from '../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { AUTH_RATE_LIMIT_PER_15_MIN: '3' } });
});
afterAll(() => t.stop());

it('slows repeated failed logins from one client with 429 + Retry-After, counted in PostgreSQL', async () => {
  const c = new HttpClient(t.baseUrl);
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    statuses.push((await c.post('/api/auth/login', { email: 'who@example.com', password: 'nope123' })).status);
  }
  expect(statuses).toEqual([401, 401, 401, 429]);
  // The refused attempt is not counted: it did not try a password.
  const { rows } = await t.app.database.pool.query("select hits from rate_limit_hits where key like 'login-ip:%'");
  expect(rows[0]?.hits).toBe(3);
  // Registration has its own budget.
  const reg = await c.post('/api/auth/register', { firstName: 'A', email: 'rl@example.com', password: 'secret12' });
  expect(reg.status).toBe(201);
});
