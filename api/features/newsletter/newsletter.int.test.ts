import { afterAll, beforeAll, expect, it } from 'vitest';
import { HttpClient } from '../../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

const subscribe = (email: unknown) => new HttpClient(t.baseUrl).post('/api/newsletter/subscribe', { email });

it('subscribes an email, and a second subscription is a friendly no-op', async () => {
  const first = await subscribe('Reader@Example.com ');
  const second = await subscribe('reader@example.com');
  for (const res of [first, second]) {
    expect(res.status).toBe(200);
    expect(res.data.success).toBe(true);
  }
  const { rows } = await t.app.database.pool.query('select email from newsletter_subscriptions');
  expect(rows).toEqual([{ email: 'reader@example.com' }]);
});

it.each([
  ['', 'Please enter your email address'],
  ['   ', 'Please enter your email address'],
  ['reader@example', 'Please enter a valid email address'],
  ['no-at-sign.com', 'Please enter a valid email address'],
  [42, 'Please enter your email address'],
])('rejects %j with the spec message', async (email, message) => {
  const res = await subscribe(email);
  expect(res.status).toBe(400);
  expect(res.data.error).toBe(message);
});
