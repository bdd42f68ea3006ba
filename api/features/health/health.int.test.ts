import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { pendingMigrations } from '../../../db/migrate';
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
  // Not ready (take it out of the load balancer), but alive (do not restart it).
  const ready = await new HttpClient(other.baseUrl).get('/api/health/ready');
  expect(ready.status).toBe(503);
  expect(ready.data).toMatchObject({ ready: false, database: false, migrations: null, error: expect.any(String) });
  expect((await new HttpClient(other.baseUrl).get('/api/health/live')).status).toBe(200);
  await admin.query(`alter database ${other.db.name} with allow_connections true`);
  await expect.poll(async () => (await new HttpClient(other.baseUrl).get('/api/health/ready')).status, { timeout: 10_000, interval: 250 }).toBe(200);
  await other.stop();
});

it('GET /api/health/live answers while the process runs; /api/health/ready once the database answers with every migration applied', async () => {
  const c = new HttpClient(t.baseUrl);
  const live = await c.get('/api/health/live');
  expect(live.status).toBe(200);
  expect(live.data).toEqual({ status: 'ok' });
  const ready = await c.get('/api/health/ready');
  expect(ready.status).toBe(200);
  expect(ready.data).toEqual({ ready: true, database: true, migrations: { applied: true, pending: 0 } });
  expect(ready.headers.get('cache-control')).toBe('no-store');
});

it('GET /api/health/ready is 503 while a migration of this version is not applied', async () => {
  const pool = t.app.database.pool;
  const { rows } = await pool.query(
    'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at',
  );
  expect(rows).toHaveLength(1);
  try {
    const res = await new HttpClient(t.baseUrl).get('/api/health/ready');
    expect(res.status).toBe(503);
    expect(res.data).toEqual({ ready: false, database: true, migrations: { applied: false, pending: 1 } });
  } finally {
    await pool.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [rows[0].hash, rows[0].created_at]);
  }
  expect((await new HttpClient(t.baseUrl).get('/api/health/ready')).status).toBe(200);
});

it('counts every migration, and Graphile Worker’s schema, as pending on a database never migrated', async () => {
  const journal = JSON.parse(readFileSync(new URL('../../../db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] };
  const name = `empty_${Date.now()}`;
  const admin = new pg.Client({ connectionString: `${inject('pgBaseUrl')}/postgres` });
  await admin.connect();
  await admin.query(`create database ${name} template template0`);
  const empty = new pg.Client({ connectionString: `${inject('pgBaseUrl')}/${name}` });
  try {
    await empty.connect();
    expect(await pendingMigrations(empty)).toBe(journal.entries.length + 1);
  } finally {
    await empty.end();
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
});
