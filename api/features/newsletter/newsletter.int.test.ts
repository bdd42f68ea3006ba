import { afterAll, beforeAll, expect, it } from 'vitest';
import { HttpClient } from '../../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { NEWSLETTER_PER_IP_PER_HOUR } from './newsletter.routes';

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

it('limits anonymous subscriptions per address', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < NEWSLETTER_PER_IP_PER_HOUR + 2; i++) statuses.push((await subscribe(`bulk${i}@example.com`)).status);
  expect(statuses.at(-1)).toBe(429);
  const { rows } = await t.app.database.pool.query<{ n: number }>("select count(*)::int as n from newsletter_subscriptions where email like 'bulk%'");
  expect(rows[0]!.n).toBeLessThan(NEWSLETTER_PER_IP_PER_HOUR);
});
