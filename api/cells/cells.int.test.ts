import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootCells, type CellsWeb } from '../../bin/cells';
import { accountKey, lookUpDirectory, placeInDirectory } from '../../db/cells/directory';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../db/embedded';
import { startMetaGraphFake, type MetaGraphFake } from '../../tests/fakes/meta-graph.fake';
import { addFailureContext, RecentLines } from '../../tests/support/failure-context';
import { edge, keywordTrigger, node, publishFlow } from '../../tests/support/flows';
import { freePort } from '../../tests/support/free-port';
import { fakePage, seedMetaAccounts } from '../../tests/support/meta-accounts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';
import { spawnWorker, type SpawnedWorker } from '../../tests/support/worker-process';
import { newWorkspaceUser } from '../../tests/support/workspace';
import type { DirectoryCache } from './directory-cache';

/**
 * Two cells behind one web process (docs/scaling.md §3, ADR 0051): cell a is a database in the test
 * run's PostgreSQL cluster, cell b a second embedded cluster started here, the directory a database of
 * its own. One Node process holds the front server and each cell's web stack (bootCells, what
 * `replypilot web` runs with CELLS set); each cell has its own `replypilot worker` process.
 */
const SESSION_SECRET = 'test-session-secret-test-session-secret-0123';
const recent = new RecentLines(300);
const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'warn' }, { write: (line: string) => recent.push(line.trimEnd()) });
addFailureContext('cells log', () => recent.all());

let fake: MetaGraphFake;
let dbA: TestDatabase;
let directoryDb: TestDatabase;
let clusterB: EmbeddedDatabase;
let clusterBDir: string;
let web: CellsWeb;
const dataDirs: string[] = [];
const workers: Record<'a' | 'b', SpawnedWorker | null> = { a: null, b: null };
const spawned: SpawnedWorker[] = [];
let directoryPool: pg.Pool;
let directory: DirectoryCache;
let frontUrl: string;
let workerEnv: Record<string, string>;

function startWorker(cell: 'a' | 'b', url: string): SpawnedWorker {
  const w = spawnWorker(url, workerEnv);
  spawned.push(w);
  workers[cell] = w;
  return w;
}

beforeAll(async () => {
  fake = await startMetaGraphFake();
  // A dead worker's job locks are freed by the survivor's watchdog after this; the restarted one's own.
  workerEnv = { ...fake.env, WORKER_STALE_AFTER_MS: '3000', WORKER_CONCURRENCY: '4', RECONCILE_EVERY_MINUTES: '0', ACCOUNT_HEALTH_INTERVAL_MINUTES: '0' };
  dbA = await createTestDatabase();
  directoryDb = await createTestDatabase();
  clusterBDir = await mkdtemp(path.join(os.tmpdir(), 'replypilot-cell-b-'));
  clusterB = await startEmbeddedPostgres({
    dir: clusterBDir,
    port: await freePort(),
    database: 'cell_b',
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'replypilot-cells-'));
  dataDirs.push(dataDir);
  // What `replypilot web` does with CELLS set: a web stack per cell (b's boot migrates its cluster) and the front.
  web = await bootCells({
    role: 'web',
    noUi: true,
    log,
    env: {
      NODE_ENV: 'test',
      CELLS: `a=${dbA.url} b=${clusterB.url}`,
      DIRECTORY_DATABASE_URL: directoryDb.url,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SESSION_SECRET,
      APP_ENCRYPTION_KEY: '0'.repeat(64),
      AUTH_RATE_LIMIT_PER_15_MIN: '10000',
      ACCOUNT_HEALTH_INTERVAL_MINUTES: '0',
      RECONCILE_EVERY_MINUTES: '0',
      ...fake.env,
    },
  });
  directory = web.directory;
  directoryPool = web.directoryPool;
  frontUrl = web.web.url;
  startWorker('a', dbA.url);
  startWorker('b', clusterB.url);
  await Promise.all([workers.a!.ready, workers.b!.ready]);
}, 90_000);

afterAll(async () => {
  for (const w of spawned) if (w.child.exitCode === null) w.child.kill('SIGKILL');
  await web?.stop();
  await clusterB?.stop();
  await dbA?.drop();
  await directoryDb?.drop();
  await fake?.stop();
  for (const dir of [...dataDirs, clusterBDir]) if (dir) await rm(dir, { recursive: true, force: true });
});

const count = async (url: string, sql: string, params: unknown[] = []) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return Number((await c.query<{ n: string }>(sql, params)).rows[0]!.n);
  } finally {
    await c.end();
  }
};
const dmsTo = (recipient: string) => fake.sends.filter((s) => s.kind === 'dm' && s.recipient === recipient);
const hook = () => `${frontUrl}/api/webhooks/facebook/webhook`;

/** One delivery carrying an Instagram DM for each of several accounts (Meta batches entries of one object). */
const dmDelivery = (dms: { igId: string; from: string; mid: string; text: string }[]) => ({
  object: 'instagram',
  entry: dms.map((d) => ({
    id: d.igId,
    time: Date.now(),
    messaging: [{ sender: { id: d.from }, recipient: { id: d.igId }, timestamp: Date.now(), message: { mid: d.mid, text: d.text } }],
  })),
});

it('each workspace lives in one cell; a kill -9 of one cell’s worker stops nothing in the other, and loses nothing', async () => {
  // Sign-ups through the front are placed in the emptier cell: the first in a, the second in b.
  const ana = await newWorkspaceUser(frontUrl, 'Ana');
  const ben = await newWorkspaceUser(frontUrl, 'Ben');
  expect(await lookUpDirectory(directoryPool, 'workspace', ana.user.workspaceId)).toBe('a');
  expect(await lookUpDirectory(directoryPool, 'workspace', ben.user.workspaceId)).toBe('b');
  const wsIn = (url: string, id: string) => count(url, 'select count(*) as n from workspaces where id = $1', [id]);
  expect([await wsIn(dbA.url, ana.user.workspaceId), await wsIn(clusterB.url, ana.user.workspaceId)]).toEqual([1, 0]);
  expect([await wsIn(dbA.url, ben.user.workspaceId), await wsIn(clusterB.url, ben.user.workspaceId)]).toEqual([0, 1]);

  // Each connects a (fake) Instagram account in its own cell; the connect records the account's cell.
  const accounts = { a: fakePage('ana'), b: fakePage('ben') };
  for (const [cell, page, w, url] of [
    ['a', accounts.a, ana, dbA.url],
    ['b', accounts.b, ben, clusterB.url],
  ] as const) {
    fake.addPage(page);
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    await seedMetaAccounts(pool, w.user.workspaceId, page);
    await pool.end();
    await directory.place({ kind: 'account', key: accountKey('meta', page.id), cell });
    await directory.place({ kind: 'account', key: accountKey('meta', page.instagram!.id), cell });
  }
  const igA = accounts.a.instagram!.id;
  const igB = accounts.b.instagram!.id;
  // Instagram DMs of an account connected through Facebook Login go out through its Page (docs/platform-apis.md §2.2).
  const [pageA, pageB] = [accounts.a.id, accounts.b.id];

  // API requests go to the session's cell: each publishes a keyword flow in its own database.
  for (const [w, reply] of [
    [ana, 'Ana’s prices'],
    [ben, 'Ben’s prices'],
  ] as const) {
    await publishFlow(w.client, {
      nodes: [keywordTrigger(['price']), node('2', 'instagramDM', { text: reply }), node('3', 'complete')],
      edges: [edge('1', '2'), edge('2', '3')],
    });
  }
  expect(await count(dbA.url, 'select count(*) as n from flows')).toBe(1);
  expect(await count(clusterB.url, 'select count(*) as n from flows')).toBe(1);

  // One signed delivery with a DM for each account: split by account, each part committed in its cell.
  const first = await fake.deliverWebhook(
    hook(),
    dmDelivery([
      { igId: igA, from: 'fan-a1', mid: 'mid-a1', text: 'price' },
      { igId: igB, from: 'fan-b1', mid: 'mid-b1', text: 'price' },
    ]),
  );
  expect(first.status).toBe(200);
  await expect.poll(() => dmsTo('fan-a1').length + dmsTo('fan-b1').length, { timeout: 20_000 }).toBe(2);
  expect(dmsTo('fan-a1')).toMatchObject([{ on: pageA, text: 'Ana’s prices' }]);
  expect(dmsTo('fan-b1')).toMatchObject([{ on: pageB, text: 'Ben’s prices' }]);
  for (const [url, own, other] of [
    [dbA.url, 'fan-a1', 'fan-b1'],
    [clusterB.url, 'fan-b1', 'fan-a1'],
  ] as const) {
    const events = (who: string) => count(url, `select count(*) as n from inbound_events where payload::text like $1`, [`%${who}%`]);
    expect([await events(own), await events(other)]).toEqual([1, 0]);
    expect(await count(url, 'select count(*) as n from flow_runs')).toBe(1);
    const sent = (who: string) => count(url, `select count(*) as n from outbound_ledger where target = $1 and status = 'sent'`, [who]);
    expect([await sent(own), await sent(other)]).toEqual([1, 0]);
  }

  // kill -9 cell a's worker. Cell b still answers a new delivery; a's part of it is committed and waits.
  workers.a!.child.kill('SIGKILL');
  await workers.a!.exited;
  const second = await fake.deliverWebhook(
    hook(),
    dmDelivery([
      { igId: igA, from: 'fan-a2', mid: 'mid-a2', text: 'price' },
      { igId: igB, from: 'fan-b2', mid: 'mid-b2', text: 'price' },
    ]),
  );
  expect(second.status).toBe(200);
  await expect.poll(() => dmsTo('fan-b2').length, { timeout: 20_000 }).toBe(1);
  expect(dmsTo('fan-a2')).toHaveLength(0);
  expect(await count(dbA.url, `select count(*) as n from inbound_events where payload::text like '%fan-a2%' and processed_at is null`)).toBe(1);

  // Cell a's worker comes back: its committed event is answered, once.
  await startWorker('a', dbA.url).ready;
  await expect.poll(() => dmsTo('fan-a2').length, { timeout: 30_000 }).toBe(1);
  expect(dmsTo('fan-a2')).toMatchObject([{ on: pageA, text: 'Ana’s prices' }]);
  // Nothing twice: one DM per fan, and every send of each cell is its own workspace's.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const fan of ['fan-a1', 'fan-b1', 'fan-a2', 'fan-b2']) expect(dmsTo(fan), fan).toHaveLength(1);
  expect(await count(dbA.url, `select count(*) as n from outbound_ledger where workspace_id <> $1`, [ana.user.workspaceId])).toBe(0);
  expect(await count(clusterB.url, `select count(*) as n from outbound_ledger where workspace_id <> $1`, [ben.user.workspaceId])).toBe(0);
}, 60_000);

it('a forged delivery commits nothing in any cell; an unknown account lands in the first cell as with one database; directory changes reach the cache', async () => {
  const events = (url: string) => count(url, 'select count(*) as n from inbound_events');
  const before = [await events(dbA.url), await events(clusterB.url)];
  const body = dmDelivery([{ igId: 'unknown-ig-1', from: 'fan-x', mid: 'mid-x1', text: 'price' }]);
  expect((await fake.deliverWebhook(hook(), body, { signature: 'sha256=' + '0'.repeat(64) })).status).toBe(403);
  expect([await events(dbA.url), await events(clusterB.url)]).toEqual(before);

  expect((await fake.deliverWebhook(hook(), body)).status).toBe(200);
  expect([await events(dbA.url), await events(clusterB.url)]).toEqual([before[0]! + 1, before[1]]);
  expect(await count(dbA.url, `select count(*) as n from inbound_events where payload::text like '%mid-x1%' and workspace_id is null`)).toBe(1);

  // Another web process (here: another connection) flips an entry: this process's cache follows by NOTIFY.
  await placeInDirectory(directoryPool, { kind: 'account', key: accountKey('meta', 'unknown-ig-1'), cell: 'b' });
  await expect.poll(() => directory.cached('account', accountKey('meta', 'unknown-ig-1'))).toBe('b');
  expect((await fake.deliverWebhook(hook(), dmDelivery([{ igId: 'unknown-ig-1', from: 'fan-x', mid: 'mid-x2', text: 'price' }]))).status).toBe(200);
  expect(await count(clusterB.url, `select count(*) as n from inbound_events where payload::text like '%mid-x2%'`)).toBe(1);
  expect(await count(dbA.url, `select count(*) as n from inbound_events where payload::text like '%mid-x2%'`)).toBe(0);
});
