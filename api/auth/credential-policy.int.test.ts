import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';

// Weak passwords and an unthrottled "already registered" answer.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { AUTH_RATE_LIMIT_PER_15_MIN: '4' } });
});
afterAll(() => t.stop());

const c = () => new HttpClient(t.baseUrl);
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

// Sign-in delays and reset-mail allowances: login-throttle.int.test.ts.

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
