import { makeWorkerUtils, parseCrontab } from 'graphile-worker';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { crontab } from './worker';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ role: 'worker' });
});
afterAll(() => t.stop());

it('the worker role runs jobs and serves no HTTP', async () => {
  expect(t.app.web).toBeUndefined();
  expect(t.app.worker).toBeDefined();
});

it('maintenance:prune deletes expired sessions, spent rate-limit windows, old reset tokens and outbox mails, and keeps live ones', async () => {
  const { pool } = t.app.database;
  await pool.query(`insert into dev_outbox (to_address, subject, text_body, created_at) values
    ('a@example.com', 'old', 'x', now() - interval '8 days'), ('b@example.com', 'new', 'x', now())`);
  await pool.query(`insert into user_sessions (sid, sess, expire) values
    ('old', '{}', now() - interval '1 day'), ('live', '{}', now() + interval '1 day')`);
  await pool.query(`insert into rate_limit_hits (key, hits, reset_at) values
    ('login:old', 3, now() - interval '1 minute'), ('login:live', 1, now() + interval '10 minutes')`);

  const utils = await makeWorkerUtils({ pgPool: pool });
  const job = await utils.addJob('maintenance:prune', {});
  await utils.release();

  // The running worker picks the job up through LISTEN/NOTIFY.
  await expect
    .poll(async () => (await pool.query('select 1 from graphile_worker.jobs where id = $1', [job.id])).rowCount, {
      timeout: 10_000,
    })
    .toBe(0);
  const sessions = await pool.query('select sid from user_sessions order by sid');
  expect(sessions.rows).toEqual([{ sid: 'live' }]);
  const limits = await pool.query('select key from rate_limit_hits order by key');
  expect(limits.rows).toEqual([{ key: 'login:live' }]);
  const mails = await pool.query('select subject from dev_outbox order by subject');
  expect(mails.rows).toEqual([{ subject: 'new' }]);
});

it('schedules maintenance:prune from the crontab', async () => {
  const { rows } = await t.app.database.pool.query('select identifier from graphile_worker._private_known_crontabs');
  expect(rows.map((r: { identifier: string }) => r.identifier)).toContain('maintenance:prune');
});

it('sweeps for due account health checks every 5 minutes unless ACCOUNT_HEALTH_INTERVAL_MINUTES=0', async () => {
  const on = parseCrontab(crontab({ accountHealthIntervalMinutes: 60, reconcile: { everyMinutes: 0, readsPerHour: 600 } }));
  expect(on.map((c) => c.task)).toEqual([
    'maintenance:prune',
    'outbound:sweep',
    'inbound:sweep',
    'events:sweep',
    'plans:end-trials',
    'bookings:remind',
    'accounts:health',
  ]);
  expect(on[6]!.match).toBeTypeOf('function');
  expect(parseCrontab(crontab({ accountHealthIntervalMinutes: 0, reconcile: { everyMinutes: 0, readsPerHour: 600 } })).map((c) => c.task)).toEqual([
    'maintenance:prune',
    'outbound:sweep',
    'inbound:sweep',
    'events:sweep',
    'plans:end-trials',
    'bookings:remind',
  ]);
  // The test app turns the checks off: nothing is scheduled that could race a test.
  const { rows } = await t.app.database.pool.query('select identifier from graphile_worker._private_known_crontabs');
  expect(rows.map((r: { identifier: string }) => r.identifier)).not.toContain('accounts:health');
});

it('sweeps for due reconciliations every minute unless RECONCILE_EVERY_MINUTES=0', () => {
  const on = parseCrontab(crontab({ accountHealthIntervalMinutes: 0, reconcile: { everyMinutes: 15, readsPerHour: 600 } }));
  expect(on.map((c) => c.task)).toEqual([
    'maintenance:prune',
    'outbound:sweep',
    'inbound:sweep',
    'events:sweep',
    'plans:end-trials',
    'bookings:remind',
    'accounts:reconcile',
  ]);
});

it('sweeps for sends past their lease every minute (ADR 0021)', async () => {
  const on = parseCrontab(crontab({ accountHealthIntervalMinutes: 0, reconcile: { everyMinutes: 0, readsPerHour: 600 } }));
  expect(on.find((c) => c.task === 'outbound:sweep')?.match).toBeTypeOf('function');
  const { rows } = await t.app.database.pool.query('select identifier from graphile_worker._private_known_crontabs');
  expect(rows.map((r: { identifier: string }) => r.identifier)).toContain('outbound:sweep');
});
