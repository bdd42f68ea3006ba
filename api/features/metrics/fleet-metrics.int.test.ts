import { afterAll, beforeAll, expect, it } from 'vitest';
import { edge, keywordTrigger, node, publishFlow } from '../../../tests/support/flows';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { spawnWorker } from '../../../tests/support/worker-process';
import { newWorkspaceUser } from '../../../tests/support/workspace';

/**
 * The fleet's figures in a fleet (ADR 0036): two web processes and a worker process on one
 * database. A DM goes in through web A, the worker process runs the flow and sends the reply, and
 * both webs' /metrics count the event, the steps and the send, though neither web did the work.
 */
const TOKEN = 'fleet-metrics-token-0123456789';
const env = { METRICS_TOKEN: TOKEN };
let a: TestApp;
let b: TestApp;
let worker: ReturnType<typeof spawnWorker>;

beforeAll(async () => {
  a = await startTestApp({ role: 'web', env });
  b = await startTestApp({ role: 'web', env, db: a.db });
  worker = spawnWorker(a.db.url, { WORKER_CONCURRENCY: '4' });
  await worker.ready;
}, 90_000);

afterAll(async () => {
  if (worker.child.exitCode === null) {
    worker.child.kill('SIGTERM');
    await worker.exited;
  }
  // B shares A's database: B stops first, A drops the database, then B's stop only cleans up.
  await b.app.stop();
  await a.stop();
  await b.stop();
});

async function scrape(app: TestApp): Promise<Map<string, number>> {
  const res = await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  const samples = new Map<string, number>();
  for (const line of (await res.text()).split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (m) samples.set(m[1]!, Number(m[2]));
  }
  return samples;
}

it('both web processes report the work the worker process did', async () => {
  expect(a.app.worker).toBeUndefined();
  expect(b.app.worker).toBeUndefined();
  const w = await newWorkspaceUser(a.baseUrl);
  await publishFlow(w.client, {
    nodes: [keywordTrigger(['fleet']), node('2', 'instagramDM', { text: 'Sent by a worker process' }), node('3', 'complete')],
    edges: [edge('1', '2'), edge('2', '3')],
  });
  const series = [
    'replypilot_fleet_inbound_events_total{provider="sandbox"}',
    'replypilot_fleet_flow_steps_total{kind="instagramDM"}',
    'replypilot_fleet_sends_total{platform="sandbox",outcome="sent"}',
    'replypilot_fleet_send_latency_seconds_count{platform="sandbox"}',
  ];
  const before = await Promise.all([scrape(a), scrape(b)]);

  const res = await w.client.post('/api/simulator/messages', {
    accountId: w.instagram.id,
    contact: { externalUserId: 'fan-fleet', name: 'Fan Fleet', username: 'fanfleet' },
    text: 'fleet',
  });
  expect(res.status).toBe(202);

  for (const [i, web] of [a, b].entries()) {
    await expect
      .poll(
        async () => {
          const now = await scrape(web);
          return series.map((s) => (now.get(s) ?? 0) - (before[i]!.get(s) ?? 0));
        },
        { timeout: 30_000, interval: 500 },
      )
      .toEqual([1, 1, 1, 1]);
  }
  const workers = await scrape(a);
  expect(workers.get('replypilot_fleet_workers_alive')).toBe(1);
}, 60_000);
