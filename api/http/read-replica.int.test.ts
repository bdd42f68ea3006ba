import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { boot, type Replypilot } from '../../bin/boot';
import type { DatabaseHealthResponse } from '../../contracts/health';
import { notifyWorkspace } from '../../db/notify';
import { startPrimaryAndStandby, type PrimaryAndStandby } from '../../tests/support/standby';
import { newWorkspaceUser } from '../../tests/support/workspace';

// The app pointed at a primary and a real streaming standby of it (DATABASE_READ_URL, ADR 0039):
// lag-tolerant reads arrive at the standby; with the standby's replay held back, a browser's reads
// after its own write, and a workspace's reads after its live event, are answered by the primary,
// while a read with neither still gets the standby's older copy.

let pair: PrimaryAndStandby;
let app: Replypilot;
let baseUrl: string;
let dataDir: string;
let standby: pg.Pool;

beforeAll(async () => {
  pair = await startPrimaryAndStandby('replypilot', { fsync: 'off' });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'replypilot-app-'));
  app = await boot({
    role: 'all',
    noUi: true,
    log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: pair.primary.url,
      DATABASE_READ_URL: pair.standby.url,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-session-secret-test-session-secret-0123',
      APP_ENCRYPTION_KEY: '0'.repeat(64),
      ACCOUNT_HEALTH_INTERVAL_MINUTES: '0',
      RECONCILE_EVERY_MINUTES: '0',
      METRICS_TOKEN: 'replica-test-metrics-token',
    },
  });
  baseUrl = app.web!.url.replace('localhost', '127.0.0.1');
  standby = new pg.Pool({ connectionString: pair.standby.url, max: 2 });
}, 90_000);

afterAll(async () => {
  await standby?.end();
  await app?.stop();
  await pair?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('sends lag-tolerant reads to the standby, and a reader’s own writes and its workspace’s events to the primary until replayed', async () => {
  const w = await newWorkspaceUser(baseUrl);
  const primary = app.database.pool;
  const ws = w.user.workspaceId;
  const { rows } = await primary.query<{ id: string }>(
    `with ct as (insert into contacts (workspace_id, account_id, external_user_id, name) values ($1, $2, 'rr-1', 'Rita Replica') returning id, account_id)
     insert into conversations (workspace_id, account_id, contact_id, platform, customer_name, external_user_id, last_message, status)
     select $1, account_id, id, 'facebook', 'Rita Replica', 'rr-1', 'hello', 'open' from ct returning id`,
    [ws, w.messenger.id],
  );
  const conversationId = rows[0]!.id;
  await pair.caughtUp();

  const health = async () => (await w.client.get('/api/health/database')).data as DatabaseHealthResponse;
  const status = async (headers?: Record<string, string>) => {
    const res = await fetch(`${baseUrl}/api/conversations`, { headers: { cookie: headers?.cookie ?? w.client.cookieHeader } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { conversations: { id: string; status: string }[] };
    return body.conversations.find((c) => c.id === conversationId)?.status;
  };
  const withoutWalCookie = () => ({ cookie: w.client.cookieHeader.replace(/(^|;\s*)rp\.wal=[^;]*/, '') });

  // Caught up: the inbox list is read on the standby, where the app's read pool is connected.
  const before = (await health()).replica!;
  expect(before).toMatchObject({ connected: true, streaming: true });
  expect(await status()).toBe('open');
  // The standby's own view: a session of the app's read pool whose last statement was the list's.
  const sessions = await standby.query<{ query: string }>("select query from pg_stat_activity where application_name = 'replypilot-read'");
  expect(sessions.rows.some((r) => /from conversations c where/.test(r.query))).toBe(true);
  const after = (await health()).replica!;
  expect(after.reads.replica).toBeGreaterThan(before.reads.replica);

  // Replay held back 4 s: the user's own write is theirs at once, from the primary.
  await pair.delayReplay('4s');
  const leads = async (headers?: Record<string, string>) => {
    const res = await fetch(`${baseUrl}/api/leads/summary`, { headers: { cookie: headers?.cookie ?? w.client.cookieHeader } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { leads: number }).leads;
  };
  const created = await w.client.post('/api/leads', { name: 'Lena Lag', email: 'lena@example.com' });
  expect(created.status).toBe(201);
  expect(w.client.cookieHeader).toMatch(/rp\.wal=[0-9A-F]+%2F[0-9A-F]+/);
  const primaryReads = (await health()).replica!.reads.primary;
  expect(await leads()).toBe(1);
  expect((await health()).replica!.reads.primary).toBeGreaterThan(primaryReads);
  // Without the position of that write, the read is the standby's, which has not replayed it.
  expect(await leads(withoutWalCookie())).toBe(0);
  const lagging = (await health()).replica!;
  expect(lagging.lagBytes).toBeGreaterThan(0);
  expect(lagging.lagSeconds).toBeGreaterThan(0);
  // The same lag in /metrics (ADR 0036), for alerting.
  const scrape = await fetch(`${baseUrl}/metrics`, { headers: { authorization: 'Bearer replica-test-metrics-token' } });
  expect(scrape.status).toBe(200);
  const text = await scrape.text();
  expect(text).toMatch(/^replypilot_read_replica_up 1$/m);
  expect(Number(/^replypilot_read_replica_lag_bytes (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
  expect(Number(/^replypilot_read_replica_lag_seconds ([\d.]+)$/m.exec(text)?.[1])).toBeGreaterThan(0);

  // A change made elsewhere (as the worker makes them): unannounced, the standby's older copy is
  // read; once announced on the workspace's live channel (the browsers refetch on it), the primary.
  await primary.query("update conversations set status = 'closed' where id = $1", [conversationId]);
  expect(await status(withoutWalCookie())).toBe('open');
  await notifyWorkspace(primary, ws, { type: 'conversation.updated', conversationId });
  // (The notice reaches the web process in milliseconds; the standby holds the change for 4 s.)
  let seen = await status(withoutWalCookie());
  for (let i = 0; seen !== 'closed' && i < 20; i++) {
    await new Promise((r) => setTimeout(r, 50));
    seen = await status(withoutWalCookie());
  }
  expect(seen).toBe('closed');
  const onStandby = await standby.query<{ status: string }>('select status from conversations where id = $1', [conversationId]);
  expect(onStandby.rows[0]!.status).toBe('open');

  // Replayed: the same reads are the standby's again.
  await pair.delayReplay(null);
  await pair.caughtUp();
  const replicaReads = (await health()).replica!.reads.replica;
  expect(await status()).toBe('closed');
  expect(await leads(withoutWalCookie())).toBe(1);
  expect((await health()).replica!.reads.replica).toBeGreaterThan(replicaReads + 1);
}, 60_000);
