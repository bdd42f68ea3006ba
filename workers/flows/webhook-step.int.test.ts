import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { edge, keywordTrigger, node, publishFlow, runDetail, runsOf } from '../../tests/support/flows';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { spawnWorker } from '../../tests/support/worker-process';
import { maya, newWorkspaceUser } from '../../tests/support/workspace';
import { sendLimitsFromConfig } from '../../db/sends/send-limits';
import { webhookQueueName } from '../../contracts/jobs';
import { callWebhookStep, drainLane } from './webhook-step';

/**
 * The webhook call runs in its own job (ADR 0009) and keeps the runtime's guarantees (ADR 0007):
 * a worker killed mid-call leaves the call to be made again with the same Idempotency-Key and the
 * run goes on exactly once; a run cancelled while its call is out does not take the late answer.
 * The outcome goes on to the run's next steps in the transaction that records it (no run.advance job).
 */
const workerEnv = { WEBHOOK_ALLOW_LOOPBACK: 'true', WORKER_STALE_AFTER_MS: '1000', TIMER_PUMP_INTERVAL_MS: '50', WEBHOOK_TIMEOUT_MS: '20000' };

/** Holds every request until the test answers it. */
const held: { headers: IncomingHttpHeaders; res: ServerResponse }[] = [];
let receiver: Server;
let url: string;
const sockets = new Set<Socket>();
let t: TestApp;
const workers: ReturnType<typeof spawnWorker>[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => held.push({ headers: req.headers, res }));
  });
  receiver.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  t = await startTestApp({ role: 'web', env: workerEnv });
});
afterAll(async () => {
  for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
  await t.stop();
  for (const s of sockets) s.destroy();
  await new Promise((r) => receiver.close(r));
});

const answer = (i: number) => held[i]!.res.writeHead(200, { 'content-type': 'application/json' }).end('{"crmId":"c-1"}');
const flow = (keyword: string) => ({
  nodes: [
    keywordTrigger([keyword]),
    node('2', 'webhook', { method: 'POST', url, headers: [], body: '{"u":"{username}"}', saveResponseTo: 'crm' }),
    node('3', 'instagramDM', { text: 'Saved' }),
  ],
  edges: [edge('1', '2'), edge('2', '3')],
});
const worker = async () => {
  const w = spawnWorker(t.db.url, workerEnv);
  workers.push(w);
  await w.ready;
  return w;
};

it('kill -9 during a webhook call: the next worker calls again with the same Idempotency-Key and the run goes on once', async () => {
  held.length = 0;
  const w = await newWorkspaceUser(t.baseUrl);
  const flowId = await publishFlow(w.client, flow('kill'));
  const first = await worker();
  await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: maya, text: 'kill' });
  await expect.poll(() => held.length, { timeout: 10_000 }).toBe(1);
  first.child.kill('SIGKILL');
  await first.exited;

  await worker(); // its watchdog releases the dead worker's job, then makes the call again
  await expect.poll(() => held.length, { timeout: 15_000 }).toBe(2);
  expect(held[1]!.headers['idempotency-key']).toBe(held[0]!.headers['idempotency-key']);
  answer(1);
  await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 10_000 }).toBe('completed');
  const run = await runDetail(w.client, (await runsOf(w.client, flowId))[0]!.id);
  expect(run.steps.map((s) => `${s.nodeId}:${s.status}:${s.attempts}`)).toEqual(['1:completed:1', '2:completed:1', '3:completed:1']);
  expect(((await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as { text: string }[]).map((i) => i.text)).toEqual(['Saved']);
  answer(0); // the dead worker's socket is long gone; nothing listens
}, 60_000);

it('a run cancelled while its webhook call is out stays cancelled; the late answer is not recorded', async () => {
  held.length = 0;
  const w = await newWorkspaceUser(t.baseUrl);
  const flowId = await publishFlow(w.client, flow('cancel'));
  if (workers.every((x) => x.child.exitCode !== null)) await worker();
  await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: maya, text: 'cancel' });
  await expect.poll(() => held.length, { timeout: 10_000 }).toBe(1);
  const runId = (await runsOf(w.client, flowId))[0]!.id;
  expect((await w.client.post(`/api/runs/${runId}/cancel`)).status).toBe(200);
  answer(0);
  await new Promise((r) => setTimeout(r, 500));
  const run = await runDetail(w.client, runId);
  expect(run.status).toBe('cancelled');
  expect(run.steps.find((s) => s.nodeId === '2')).toMatchObject({ status: 'skipped', output: null });
  const { rows } = await t.app.database.pool.query('select pending_input from flow_runs where id = $1', [runId]);
  expect(rows[0].pending_input).toBeNull();
  expect(((await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as unknown[]).length).toBe(0);
}, 30_000);

it("the webhook's outcome takes the run on to its next steps in the same transaction: no run.advance job, once", async () => {
  held.length = 0;
  const w = await newWorkspaceUser(t.baseUrl);
  const flowId = await publishFlow(w.client, flow('fused'));
  for (const x of workers) if (x.child.exitCode === null) x.child.kill('SIGKILL');
  await Promise.all(workers.map((x) => x.exited));
  const first = await worker();
  await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: maya, text: 'fused' });
  await expect.poll(() => held.length, { timeout: 10_000 }).toBe(1);
  // No worker left: whatever happens next to the run happens in the call below, or not at all.
  first.child.kill('SIGKILL');
  await first.exited;
  const runId = (await runsOf(w.client, flowId))[0]!.id;
  const pool = t.app.database.pool;
  const config = {
    webhook: { allowLoopback: true, timeoutMs: 20_000 },
    retryBaseMs: 1000,
    maxAttempts: 3,
    driver: {
      limits: sendLimitsFromConfig({ privateRepliesPerHour: 200 }),
      retryBaseMs: 1000,
      maxAttempts: 3,
      sender: {
        send: () => {
          throw new Error('a sandbox DM is delivered in the turn, not by the sender');
        },
      },
    },
  };
  const call = callWebhookStep(pool, runId, 2, config, new AbortController().signal);
  await expect.poll(() => held.length, { timeout: 10_000 }).toBe(2);
  expect(held[1]!.headers['idempotency-key']).toBe(`${runId}:2`);
  answer(1);
  expect(await call).toBe('recorded');

  // Committed with the outcome: the DM step after it, the run's end, and no job left to drive it.
  const run = await runDetail(w.client, runId);
  expect(run.status).toBe('completed');
  expect(run.steps.map((s) => `${s.nodeId}:${s.status}:${s.attempts}`)).toEqual(['1:completed:1', '2:completed:1', '3:completed:1']);
  expect(run.steps[1]!.output).toMatchObject({ status: 200 });
  const { rows } = await pool.query('select count(*)::int n from graphile_worker.jobs where key = $1', [`run:${runId}`]);
  expect(rows[0].n).toBe(0);
  expect(((await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as { text: string }[]).map((i) => i.text)).toEqual(['Saved']);

  // A second copy of the job (the dead worker's, once released) finds the step settled: no call, nothing recorded.
  expect(await callWebhookStep(pool, runId, 2, config, new AbortController().signal)).toBe('stale');
  expect(held.length).toBe(2);
  answer(0);
}, 60_000);

it("the job holding a lane makes the lane's next due calls itself, removing their jobs with their outcomes", async () => {
  held.length = 0;
  const w = await newWorkspaceUser(t.baseUrl);
  const flowId = await publishFlow(w.client, flow('lane'));
  for (const x of workers) if (x.child.exitCode === null) x.child.kill('SIGKILL');
  await Promise.all(workers.map((x) => x.exited));
  // One lane per workspace: the three runs' calls queue behind each other.
  const first = spawnWorker(t.db.url, { ...workerEnv, FLOW_WEBHOOK_LANES: '1' });
  workers.push(first);
  await first.ready;
  for (const name of ['ann', 'ben', 'cat'])
    await w.client.post('/api/simulator/messages', {
      accountId: w.instagram.id,
      contact: { externalUserId: `lane-${name}`, name, username: name },
      text: 'lane',
    });
  await expect.poll(async () => (await runsOf(w.client, flowId)).length, { timeout: 10_000 }).toBe(3);
  const pool = t.app.database.pool;
  const laneJobs = async () =>
    (
      await pool.query<{ run_id: string; locked: boolean }>(
        "select substr(key, length('webhook:') + 1) as run_id, locked_at is not null as locked from graphile_worker.jobs where task_identifier = 'run.webhook' and queue_name = $1 order by id",
        [webhookQueueName(w.user.workspaceId, (await runsOf(w.client, flowId))[0]!.id, 1)],
      )
    ).rows;
  await expect.poll(async () => (await laneJobs()).length, { timeout: 10_000 }).toBe(3);
  await expect.poll(() => held.length, { timeout: 10_000 }).toBe(1);
  // The worker dies holding the lane on the first call; the other two jobs wait in the lane.
  first.child.kill('SIGKILL');
  await first.exited;
  const waiting = (await laneJobs()).filter((j) => !j.locked).map((j) => j.run_id);
  expect(waiting.length).toBe(2);

  const config = {
    webhook: { allowLoopback: true, timeoutMs: 20_000 },
    retryBaseMs: 1000,
    maxAttempts: 3,
    driver: {
      limits: sendLimitsFromConfig({ privateRepliesPerHour: 200 }),
      retryBaseMs: 1000,
      maxAttempts: 3,
      sender: {
        send: () => {
          throw new Error('a sandbox DM is delivered in the turn, not by the sender');
        },
      },
    },
  };
  const answering = setInterval(() => {
    for (let i = 1; i < held.length; i++) if (!held[i]!.res.headersSent) answer(i);
  }, 20);
  try {
    const queue = webhookQueueName(w.user.workspaceId, waiting[0]!, 1);
    expect(await drainLane(pool, queue, config, new AbortController().signal)).toBe(2);
  } finally {
    clearInterval(answering);
  }
  // In the lane's order (run_at, id, as Graphile hands jobs out), which need not be the order they were inserted in.
  expect(
    held
      .slice(1)
      .map((h) => String(h.headers['idempotency-key']).split(':')[0])
      .sort(),
  ).toEqual([...waiting].sort());
  // Their jobs went with their outcomes; the dead worker's own job is still there (it finds its step settled or calls again).
  expect((await laneJobs()).map((j) => j.run_id)).toEqual((await laneJobs()).filter((j) => j.locked).map((j) => j.run_id));
  expect((await laneJobs()).length).toBe(1);
  for (const runId of waiting) {
    const run = await runDetail(w.client, runId);
    expect(run.status).toBe('completed');
    expect(run.steps.map((s) => `${s.nodeId}:${s.status}:${s.attempts}`)).toEqual(['1:completed:1', '2:completed:1', '3:completed:1']);
  }
  // Nothing left in the lane: a second drain makes no call.
  expect(await drainLane(pool, webhookQueueName(w.user.workspaceId, waiting[0]!, 1), config, new AbortController().signal)).toBe(0);
  expect(held.length).toBe(3);
  answer(0);
}, 60_000);
