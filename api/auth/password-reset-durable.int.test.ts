import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { platformDepsFromConfig } from '../../activities/platform-deps';
import { FORGOT_PASSWORD_ANSWER } from '../../contracts/auth';
import { createTokenCipher } from '../../integrations/crypto/token-cipher';
import { outboxMailsTo } from '../../tests/support/dev-outbox';
import { HttpClient } from '../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { startWorker } from '../../workers/worker';

// A forgot-password request is a durable job, committed before the answer: a web process with no
// worker anywhere answers, keeps the request, and the reset link is mailed once a worker starts.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ role: 'web' });
});
afterAll(() => t.stop());

it('is kept as a mail.reset job while no worker runs, and mailed when one starts', async () => {
  const email = `durable-${Date.now()}@example.com`;
  const c = new HttpClient(t.baseUrl);
  expect((await c.post('/api/auth/register', { firstName: 'Dee', email, password: 'first-pass-word-1' })).status).toBe(201);
  const res = await new HttpClient(t.baseUrl).post('/api/auth/forgot-password', { email });
  expect(res.status).toBe(200);
  expect(res.data.message).toBe(FORGOT_PASSWORD_ANSWER);

  const pool = t.app.database.pool;
  const queued = await pool.query<{ payload: unknown }>(
    `select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'mail.reset'`,
  );
  expect(queued.rows.map((r) => r.payload)).toEqual([{ email, origin: t.baseUrl }]);
  expect((await pool.query('select 1 from dev_outbox')).rowCount).toBe(0);

  const config = t.app.config;
  const worker = await startWorker({
    pool,
    concurrency: 2,
    log: pino({ level: 'silent' }),
    config,
    platform: platformDepsFromConfig(config, createTokenCipher(randomBytes(32).toString('hex'))),
  });
  try {
    await expect.poll(async () => (await pool.query('select 1 from dev_outbox')).rows, { timeout: 10_000 }).toHaveLength(1);
    const [mail] = await outboxMailsTo(pool, email);
    expect(mail?.to).toBe(email);
    expect(mail?.text).toMatch(new RegExp(`${t.baseUrl}/reset-password\\?token=[\\w-]+`));
    await expect.poll(async () => (await pool.query("select 1 from graphile_worker.jobs where task_identifier = 'mail.reset'")).rowCount).toBe(0);
  } finally {
    await worker.stop();
  }
});
