import { afterAll, beforeAll, expect, it } from 'vitest';
import { ingestEvents } from '../../db/inbound/ingest-events';
import { edge, keywordTrigger, node, publishFlow } from '../../tests/support/flows';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { spawnWorker } from '../../tests/support/worker-process';
import { newWorkspaceUser } from '../../tests/support/workspace';

/**
 * The flow runtime's invariant across a fleet: two worker processes share 2,000 runs with DMs and
 * delays; one is killed with SIGKILL mid-way. Every run completes, no DM is sent twice, no step is
 * recorded twice, and the dead worker's job locks are released by the survivor's watchdog.
 */
const RUNS = 2000;
const workerEnv = { WORKER_STALE_AFTER_MS: '3000', TIMER_PUMP_INTERVAL_MS: '100', WORKER_CONCURRENCY: '8' };
let t: TestApp;
const children: ReturnType<typeof spawnWorker>[] = [];

beforeAll(async () => {
  t = await startTestApp({ role: 'web', env: workerEnv });
});
afterAll(async () => {
  for (const w of children) if (w.child.exitCode === null) w.child.kill('SIGKILL');
  await t.stop();
});

it(`kill -9 one of two workers during ${RUNS.toLocaleString('en')} runs: every run completes, nothing twice`, async () => {
  const w = await newWorkspaceUser(t.baseUrl);
  await publishFlow(w.client, {
    nodes: [
      keywordTrigger(['start']),
      node('2', 'instagramDM', { text: 'Welcome {first_name}' }),
      node('3', 'delay', { amount: 1, unit: 'seconds' }),
      node('4', 'instagramDM', { text: 'Second message' }),
      node('5', 'complete'),
    ],
    edges: [edge('1', '2'), edge('2', '3'), edge('3', '4'), edge('4', '5')],
  });
  const { pool } = t.app.database;
  const now = new Date().toISOString();
  for (let batch = 0; batch < RUNS / 500; batch++) {
    await ingestEvents(
      pool,
      Array.from({ length: 500 }, (_, i) => {
        const n = batch * 500 + i;
        return {
          provider: 'sandbox' as const,
          eventKey: `fleet-${n}`,
          workspaceId: w.user.workspaceId,
          payload: {
            type: 'message',
            accountId: w.instagram.id,
            messageId: `fleet-${n}`,
            from: { id: `fan-${n}`, name: `Fan ${n}`, username: `fan${n}` },
            text: 'start',
            createdAt: now,
          },
        };
      }),
    );
  }
  const count = async (sql: string) => (await pool.query(sql)).rows[0].n as number;
  const dms = () => count("select count(*)::int as n from sandbox_deliveries where kind = 'dm'");

  const a = spawnWorker(t.db.url, workerEnv);
  const b = spawnWorker(t.db.url, workerEnv);
  children.push(a, b);
  await Promise.all([a.ready, b.ready]);
  await expect.poll(dms, { timeout: 120_000, interval: 100 }).toBeGreaterThanOrEqual(RUNS / 2);
  a.child.kill('SIGKILL');
  await a.exited;
  expect(await dms()).toBeLessThan(RUNS * 2); // it really died mid-way

  await expect.poll(() => count("select count(*)::int as n from flow_runs where status = 'completed'"), { timeout: 240_000, interval: 500 }).toBe(RUNS);
  expect(await count('select count(*)::int as n from flow_runs')).toBe(RUNS);
  // No DM twice: two per contact, each from its own ledger row.
  expect(await dms()).toBe(RUNS * 2);
  expect(
    await count("select count(*)::int as n from (select recipient_external_id from sandbox_deliveries where kind = 'dm' group by 1 having count(*) <> 2) x"),
  ).toBe(0);
  expect(await count("select count(*)::int as n from outbound_ledger where status <> 'sent'")).toBe(0);
  // No step twice: five steps per run, each node once.
  expect(await count('select count(*)::int as n from run_steps')).toBe(RUNS * 5);
  expect(await count("select count(*)::int as n from run_steps where status <> 'completed'")).toBe(0);
  expect(await count('select count(*)::int as n from (select run_id, node_id from run_steps group by 1, 2 having count(*) > 1) x')).toBe(0);
  expect(await count('select count(*)::int as n from run_timers')).toBe(0);
  // The dead worker's locks were released by the watchdog, not by the 4-hour expiry.
  expect(b.output()).toMatch(/watchdog released the jobs of \d+ dead worker/);

  b.child.kill('SIGTERM');
  expect(await b.exited).toBe(0);
}, 420_000);
