import { afterAll, beforeAll, expect, it } from 'vitest';
import { HttpClient } from '../../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

it('GET /api/health reports the process role', async () => {
  const res = await new HttpClient(t.baseUrl).get('/api/health');
  expect(res.status).toBe(200);
  expect(res.data).toMatchObject({ status: 'ok', role: 'all' });
  expect(res.data.version).toMatch(/^\d+\.\d+\.\d+/);
});

it('GET /api/health/database proves a round trip to PostgreSQL', async () => {
  const res = await new HttpClient(t.baseUrl).get('/api/health/database');
  expect(res.status).toBe(200);
  expect(res.data).toMatchObject({ connected: true, database: 'postgresql', mode: 'external' });
  expect(res.data.latencyMs).toBeGreaterThanOrEqual(0);
});

it('GET /api/health/database answers 503 with connected:false when the database is gone', async () => {
  const other = await startTestApp({ role: 'web' });
  // Terminate every connection to this app's database and forbid new ones.
  const admin = t.app.database.pool;
  await admin.query(`alter database ${other.db.name} with allow_connections false`);
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [other.db.name]);
  const res = await new HttpClient(other.baseUrl).get('/api/health/database');
  expect(res.status).toBe(503);
  expect(res.data.connected).toBe(false);
  expect(res.data.error).toEqual(expect.any(String));
  await admin.query(`alter database ${other.db.name} with allow_connections true`);
  await other.stop();
});
