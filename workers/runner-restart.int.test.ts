import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { platformDepsFromConfig } from '../activities/platform-deps';
import { createTokenCipher } from '../integrations/crypto/token-cipher';
import { HttpClient } from '../tests/support/http-client';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { startWorker } from './worker';

// Graphile stops its worker pool by itself after an error it cannot recover from. The process must
// not go on serving the web with no job runner (seen once in a benchmark: 9,406 events waited while
// the server idled): the worker starts a new runner and the queued jobs run.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ role: 'web' });
});
afterAll(() => t.stop());

it('starts a new job runner when Graphile stopped its own, and the jobs queued meanwhile run', async () => {
  const lines: { level: number; msg: string; pool?: string }[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line) as (typeof lines)[number]) });
  const pool = t.app.database.pool;
  const config = t.app.config;
  const worker = await startWorker({
    pool,
    concurrency: 2,
    log,
    config,
    platform: platformDepsFromConfig(config, createTokenCipher(randomBytes(32).toString('hex'))),
  });
  try {
    const first = worker.runner;
    // Not through worker.stop(): as when Graphile's pool shuts itself down.
    await first.stop();
    await expect.poll(() => lines.some((l) => l.msg.startsWith('job runner stopped unexpectedly')), { timeout: 5_000 }).toBe(true);
    expect(lines.find((l) => l.msg.startsWith('job runner stopped unexpectedly'))).toMatchObject({ level: 50 });
    await expect.poll(() => worker.runner !== first, { timeout: 10_000 }).toBe(true);
    expect(lines.some((l) => l.msg === 'a new job runner started')).toBe(true);

    // A durable job (forgot-password's mail) is taken by the new runner.
    const email = `restart-${Date.now()}@example.com`;
    expect((await new HttpClient(t.baseUrl).post('/api/auth/register', { firstName: 'Rae', email, password: 'first-pass-word-1' })).status).toBe(201);
    expect((await new HttpClient(t.baseUrl).post('/api/auth/forgot-password', { email })).status).toBe(200);
    await expect.poll(async () => (await pool.query('select 1 from dev_outbox')).rows, { timeout: 10_000 }).toHaveLength(1);
  } finally {
    await worker.stop();
  }
  // A clean stop leaves no runner behind and is not mistaken for a failure.
  expect(lines.filter((l) => l.msg.startsWith('job runner stopped unexpectedly'))).toHaveLength(1);
  expect(lines.some((l) => l.msg === 'job runner was already stopped')).toBe(false);
});
