import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { webhookQueueName } from '../../contracts/jobs';
import { edge, keywordTrigger, node, publishFlow, runDetail, runsOf } from '../../tests/support/flows';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { spawnWorker } from '../../tests/support/worker-process';
import { newWorkspaceUser } from '../../tests/support/workspace';

/**
 * One workspace's slow webhook must not stall anyone else. Workspace A's
 * endpoint answers 200 and then one byte a second, forever; A triggers it more times than the worker
 * has slots. A has at most FLOW_WEBHOOK_LANES calls in flight across the fleet, and on a worker
 * never every webhook slot; workspace B's DM is still stored and answered at once, B's own webhook
 * still runs, A's calls end at WEBHOOK_TIMEOUT_MS and are retried per policy, and a graceful
 * shutdown in the middle of the trickle is not held by it.
 */
const DEADLINE_MS = 2000;
const LANES = 2;
const RUNS_A = 8;
const workerEnv = {
  WORKER_CONCURRENCY: '5',
  WEBHOOK_ALLOW_LOOPBACK: 'true',
  WEBHOOK_TIMEOUT_MS: String(DEADLINE_MS),
  FLOW_MAX_ATTEMPTS: '2',
  FLOW_RETRY_BASE_MS: '100',
  TIMER_PUMP_INTERVAL_MS: '50',
};

/** A's endpoint: status and headers at once, then a byte a second until the caller hangs up. */
const calls: { openedAt: number; closedAt: number | null }[] = [];
const open = () => calls.filter((c) => c.closedAt === null).length;
let mostOpen = 0;
const trickles = new Set<ServerResponse>();
let trickle: Server;
let fast: Server;
const sockets = new Set<Socket>();
let t: TestApp;
const workers: ReturnType<typeof spawnWorker>[] = [];

const listen = async (s: Server) => {
  s.on('connection', (c) => {
    sockets.add(c);
    c.on('close', () => sockets.delete(c));
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
};

let trickleUrl: string;
let fastUrl: string;

beforeAll(async () => {
  trickle = createServer((req, res) => {
    const call = { openedAt: Date.now(), closedAt: null as number | null };
    calls.push(call);
    mostOpen = Math.max(mostOpen, open());
    trickles.add(res);
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('.');
    const every = setInterval(() => res.write('.'), 1000);
    res.on('close', () => {
      clearInterval(every);
      trickles.delete(res);
      call.closedAt = Date.now();
    });
  });
  fast = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
  trickleUrl = `${await listen(trickle)}/trickle`;
  fastUrl = `${await listen(fast)}/hook`;
  t = await startTestApp({ role: 'web', env: workerEnv });
});

/**
 * Each test starts with no worker of an earlier one alive and none of its webhook calls queued: a
 * test that fails half-way must not leave a worker taking calls (and filling slots) in the next one.
 */
afterEach(async () => {
  await Promise.all(
    workers.map(async (w) => {
      if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
      await w.exited;
    }),
  );
  await t.app.database.pool.query(
    `delete from graphile_worker._private_jobs where task_id = (select id from graphile_worker._private_tasks where identifier = 'run.webhook')`,
  );
});

afterAll(async () => {
  await t.stop();
  for (const s of sockets) s.destroy();
  await Promise.all([trickle, fast].map((s) => new Promise((r) => s.close(r))));
});

type W = Awaited<ReturnType<typeof newWorkspaceUser>>;
/** 8 slots → 4 webhook slots, a workspace may take 3: only its 2 lanes bound A. */
const laneEnv = { ...workerEnv, WORKER_CONCURRENCY: '8', FLOW_WEBHOOK_LANES: String(LANES) };
const dm = (w: W, contact: string, text: string) =>
  w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: { externalUserId: contact, name: contact, username: contact }, text });
const outboxTexts = async (w: W) => ((await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as { text: string }[]).map((i) => i.text);
const slowWebhookFlow = (w: W) =>
  publishFlow(w.client, {
    nodes: [
      keywordTrigger(['trk']),
      node('2', 'webhook', { method: 'GET', url: trickleUrl, headers: [], body: '' }),
      node('3', 'instagramDM', { text: 'never' }),
    ],
    edges: [edge('1', '2'), edge('2', '3')],
  });
const greetingFlow = (w: W) =>
  publishFlow(w.client, { nodes: [keywordTrigger(['hello']), node('2', 'instagramDM', { text: 'Hi from B' })], edges: [edge('1', '2')] });

it('a workspace whose webhook trickles forever does not hold up another workspace, its calls end at the deadline, and shutdown is prompt', async () => {
  const a = await newWorkspaceUser(t.baseUrl, 'Alice');
  const b = await newWorkspaceUser(t.baseUrl, 'Bob');
  const slowFlow = await slowWebhookFlow(a);
  const bFlow = await publishFlow(b.client, {
    nodes: [
      keywordTrigger(['hello']),
      node('2', 'instagramDM', { text: 'Hi from B' }),
      node('3', 'webhook', { method: 'POST', url: fastUrl, headers: [], body: '{"who":"{username}"}' }),
      node('4', 'instagramDM', { text: 'Saved by B' }),
    ],
    edges: [edge('1', '2'), edge('2', '3'), edge('3', '4')],
  });

  const worker = spawnWorker(t.db.url, laneEnv);
  workers.push(worker);
  await worker.ready;

  // A: more trickling calls than the worker has slots (WORKER_CONCURRENCY=8). 8 runs spread over
  // the 2 lanes by their random ids (all in one lane: 1 chance in 128, so the bound asserted below
  // is the number of lanes A's runs actually fell in).
  for (let i = 1; i <= RUNS_A; i++) expect((await dm(a, `fan-${i}`, 'trk')).status).toBe(202);
  await expect.poll(open, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(1);
  await new Promise((r) => setTimeout(r, 300)); // let every slot A can take be taken

  // B's DM is stored and answered, and B's own webhook runs, while A's calls trickle.
  const sentAt = Date.now();
  expect((await dm(b, 'victim', 'hello')).status).toBe(202);
  const { pool } = t.app.database;
  const stored = async () =>
    (
      await pool.query(
        `select count(*)::int as n from messages m join conversations c on c.id = m.conversation_id where c.workspace_id = $1 and m.direction = 'inbound'`,
        [b.user.workspaceId],
      )
    ).rows[0].n as number;
  await expect.poll(stored, { timeout: 2000, interval: 20 }).toBe(1);
  await expect.poll(() => outboxTexts(b), { timeout: 2000 - (Date.now() - sentAt), interval: 20 }).toContain('Hi from B');
  const dmLatency = Date.now() - sentAt;
  await expect.poll(() => outboxTexts(b), { timeout: 2000, interval: 20 }).toContain('Saved by B');
  const webhookFlowLatency = Date.now() - sentAt;
  console.log(
    `B under A's trickle: DM stored and answered in ${dmLatency} ms; B's webhook flow done in ${webhookFlowLatency} ms; A's calls in flight: ${open()}`,
  );
  expect(dmLatency).toBeLessThanOrEqual(2000);
  expect(webhookFlowLatency).toBeLessThanOrEqual(2000);
  expect((await runsOf(b.client, bFlow))[0]?.status).toBe('completed');

  // A's calls end at the deadline (connect + headers + body), not when the trickle stops.
  await expect.poll(() => calls.filter((c) => c.closedAt !== null).length, { timeout: DEADLINE_MS + 3000, interval: 20 }).toBeGreaterThanOrEqual(1);
  const lasted = calls.filter((x) => x.closedAt !== null).map((c) => c.closedAt! - c.openedAt);
  expect(Math.max(...lasted)).toBeGreaterThanOrEqual(DEADLINE_MS - 100);
  expect(Math.max(...lasted)).toBeLessThan(DEADLINE_MS + 1000);

  // A graceful shutdown while calls trickle is not held by them.
  await expect.poll(open, { timeout: 5000, interval: 20 }).toBeGreaterThanOrEqual(1);
  const stopAt = Date.now();
  worker.child.kill('SIGTERM');
  expect(await worker.exited).toBe(0);
  const shutdownMs = Date.now() - stopAt;
  console.log(`graceful worker shutdown during the trickle took ${shutdownMs} ms`);
  expect(shutdownMs).toBeLessThan(3000);
  await expect.poll(open, { timeout: 2000, interval: 20 }).toBe(0);

  // Another worker takes the interrupted calls over; every run ends per policy (2 attempts), none hangs.
  const next = spawnWorker(t.db.url, laneEnv);
  workers.push(next);
  await next.ready;
  await expect
    .poll(async () => (await runsOf(a.client, slowFlow)).filter((r) => r.status === 'failed').length, { timeout: 60_000, interval: 200 })
    .toBe(RUNS_A)
    .catch(async (err: unknown) => {
      // What was stuck, for the next time this fails: the job table and both workers' logs.
      const jobs = await t.app.database.pool.query(
        `select id, task_identifier, queue_name, key, locked_by, locked_at, run_at, attempts, max_attempts, last_error from graphile_worker.jobs order by id`,
      );
      const queues = await t.app.database.pool.query(`select * from graphile_worker._private_job_queues`);
      console.error(
        'jobs',
        JSON.stringify(jobs.rows, null, 1),
        'queues',
        JSON.stringify(queues.rows),
        '\nworker 1:\n',
        worker.output().slice(-6000),
        '\nworker 2:\n',
        next.output().slice(-6000),
      );
      throw err;
    });
  const lanesUsed = new Set((await runsOf(a.client, slowFlow)).map((r) => webhookQueueName(a.user.workspaceId, r.id, LANES))).size;
  expect(mostOpen).toBe(lanesUsed); // a workspace's calls in flight: one per lane it uses, across both workers
  for (const r of await runsOf(a.client, slowFlow)) {
    const run = await runDetail(a.client, r.id);
    expect(run.statusDetail).toMatch(new RegExp(`within ${DEADLINE_MS} ms.*gave up after 2 attempts`));
    expect(run.steps.find((s) => s.nodeId === '2')).toMatchObject({ status: 'failed', attempts: 2 });
  }
  expect(await outboxTexts(a)).toEqual([]);
  next.child.kill('SIGTERM');
  expect(await next.exited).toBe(0);
}, 150_000);

it('slow endpoints of many workspaces hold at most half the worker slots: inbound events still go through at once', async () => {
  calls.length = 0;
  mostOpen = 0;
  const tenants = await Promise.all([1, 2, 3].map((i) => newWorkspaceUser(t.baseUrl, `Slow${i}`)));
  for (const w of tenants) await slowWebhookFlow(w);
  const b = await newWorkspaceUser(t.baseUrl, 'Bob');
  await greetingFlow(b);
  const worker = spawnWorker(t.db.url, workerEnv);
  workers.push(worker);
  await worker.ready;

  for (const w of tenants) for (let i = 1; i <= 2; i++) expect((await dm(w, `fan-${i}`, 'trk')).status).toBe(202);
  await expect.poll(open, { timeout: 10_000, interval: 20 }).toBe(2); // WORKER_CONCURRENCY 5 → 2 webhook slots
  const sentAt = Date.now();
  expect((await dm(b, 'victim', 'hello')).status).toBe(202);
  await expect.poll(() => outboxTexts(b), { timeout: 2000, interval: 20 }).toContain('Hi from B');
  console.log(`B under three tenants' trickles: DM answered in ${Date.now() - sentAt} ms; webhook calls in flight at most ${mostOpen}`);
  await new Promise((r) => setTimeout(r, DEADLINE_MS + 500)); // a round of calls ends and the next begins
  expect(mostOpen).toBe(2);
  worker.child.kill('SIGKILL');
}, 60_000);

it("one workspace with more lanes than the worker has webhook slots still leaves a slot: another workspace's webhook flow runs at once", async () => {
  // The previous test's worker was killed mid-trickle; afterEach dropped its tenants' queued calls.
  calls.length = 0;
  mostOpen = 0;
  const a = await newWorkspaceUser(t.baseUrl, 'Greedy');
  await slowWebhookFlow(a);
  const b = await newWorkspaceUser(t.baseUrl, 'Bob');
  await publishFlow(b.client, {
    nodes: [
      keywordTrigger(['hello']),
      node('2', 'webhook', { method: 'POST', url: fastUrl, headers: [], body: '{"who":"{username}"}' }),
      node('3', 'instagramDM', { text: 'Saved by B' }),
    ],
    edges: [edge('1', '2'), edge('2', '3')],
  });
  // WORKER_CONCURRENCY 5 → 2 webhook slots; FLOW_WEBHOOK_LANES 4 (the default): A alone could fill both.
  const worker = spawnWorker(t.db.url, { ...workerEnv, FLOW_WEBHOOK_LANES: '4' });
  workers.push(worker);
  await worker.ready;
  for (let i = 1; i <= 8; i++) expect((await dm(a, `fan-${i}`, 'trk')).status).toBe(202);
  await expect.poll(open, { timeout: 10_000, interval: 20 }).toBe(1);
  await new Promise((r) => setTimeout(r, 500)); // A's other lanes' jobs are fetched and handed back meanwhile
  const sentAt = Date.now();
  expect((await dm(b, 'victim', 'hello')).status).toBe(202);
  await expect.poll(() => outboxTexts(b), { timeout: 2000, interval: 20 }).toContain('Saved by B');
  console.log(`B's webhook flow beside A's 4 lanes of trickles on 2 webhook slots: done in ${Date.now() - sentAt} ms; A's calls in flight at most ${mostOpen}`);
  expect(mostOpen).toBe(1);
  worker.child.kill('SIGKILL');
}, 60_000);
