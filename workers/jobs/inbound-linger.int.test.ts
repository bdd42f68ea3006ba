import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ingestEvents, type IncomingEvent } from '../../db/inbound/ingest-events';
import { createShardWakes } from '../inbound/shard-wakes';
import { sendLimitsFromConfig } from '../../db/sends/send-limits';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { newWorkspaceUser } from '../../tests/support/workspace';
import { inboundProcessJob, type InboundLinger } from './inbound-process.job';

/**
 * ADR 0032: a shard's job, driven directly (a web-only app: no worker takes the events first),
 * waits after a short batch for events an ingest of this process signals; they are taken without a
 * Graphile job. Quiet, it ends; later events get a Graphile job as before.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ role: 'web' });
});
afterAll(() => t.stop());

const limits = sendLimitsFromConfig({ privateRepliesPerHour: 750 });
const linger: InboundLinger = { slots: 1, ms: 400, budgetMs: 10_000 };

async function setup() {
  const w = await newWorkspaceUser(t.baseUrl);
  const pool = t.app.database.pool;
  const postId = w.igPosts[0]!.externalId;
  const comment = (id: string): IncomingEvent => ({
    provider: 'sandbox',
    eventKey: `${w.user.workspaceId}:${id}`,
    workspaceId: w.user.workspaceId,
    payload: {
      type: 'comment',
      accountId: w.instagram.id,
      postId,
      commentId: id,
      from: { id: `fan-${id}`, name: `Fan ${id}`, username: `fan-${id}` },
      text: 'hello',
      createdAt: new Date().toISOString(),
    },
  });
  const event = async (id: string) =>
    (
      await pool.query<{ shard: number; done: boolean }>('select shard, processed_at is not null as done from inbound_events where event_key = $1', [
        `${w.user.workspaceId}:${id}`,
      ])
    ).rows[0]!;
  const shardJobs = async (shard: number) =>
    Number((await pool.query<{ n: string }>('select count(*) as n from graphile_worker._private_jobs where key = $1', [`inbound:${shard}`])).rows[0]!.n);
  return { pool, comment, event, shardJobs };
}

function helpers(added: unknown[]): JobHelpers {
  return {
    logger: { warn: () => undefined, error: () => undefined, info: () => undefined, debug: () => undefined },
    addJob: async (...args: unknown[]) => {
      added.push(args);
      return {} as never;
    },
  } as unknown as JobHelpers;
}

it('a signalled shard job takes events ingested in this process while it waits, with no Graphile job for them', async () => {
  const { pool, comment, event, shardJobs } = await setup();
  const wakes = createShardWakes();
  await ingestEvents(pool, [comment('a1')], wakes);
  const { shard } = await event('a1');
  await pool.query('delete from graphile_worker._private_jobs where key = $1', [`inbound:${shard}`]);

  const added: unknown[] = [];
  const started = performance.now();
  const job = inboundProcessJob({ pool, limits, linger, wakes })({ shard }, helpers(added));
  await expect.poll(async () => (await event('a1')).done, { timeout: 5_000, interval: 20 }).toBe(true);

  // The job is waiting: the next events of the shard are signalled to it, not queued.
  await ingestEvents(pool, [comment('a2')], wakes);
  expect((await event('a2')).shard).toBe(shard);
  await expect.poll(async () => (await event('a2')).done, { timeout: 5_000, interval: 20 }).toBe(true);
  expect(await shardJobs(shard)).toBe(0);

  // Quiet for `linger.ms`: it ends, without handing the shard on.
  await job;
  expect(performance.now() - started).toBeGreaterThanOrEqual(linger.ms);
  expect(added).toEqual([]);

  // Nobody listens now: a new event gets its Graphile job, as without a waiting job.
  await ingestEvents(pool, [comment('a3')], wakes);
  expect((await event('a3')).done).toBe(false);
  expect(await shardJobs(shard)).toBe(1);
});

it('does not wait where no ingest of this process signals through its wakes, without wakes, or with no slots', async () => {
  const { pool, comment, event } = await setup();
  // Wakes nothing in this process has signalled through yet (a worker-only process's), and none at all.
  const wakes = createShardWakes();
  for (const [key, job] of [
    ['b1', inboundProcessJob({ pool, limits, linger, wakes })],
    ['b2', inboundProcessJob({ pool, limits, linger })],
  ] as const) {
    await ingestEvents(pool, [comment(key)]);
    const { shard } = await event(key);
    const started = performance.now();
    await job({ shard }, helpers([]));
    expect((await event(key)).done).toBe(true);
    expect(performance.now() - started).toBeLessThan(linger.ms);
  }
  expect(wakes.hasProducer()).toBe(false);

  const producing = createShardWakes();
  await ingestEvents(pool, [comment('b3')], producing);
  expect(producing.hasProducer()).toBe(true);
  const { shard } = await event('b3');
  const quick = performance.now();
  await inboundProcessJob({ pool, limits, linger: { ...linger, slots: 0 }, wakes: producing })({ shard }, helpers([]));
  expect((await event('b3')).done).toBe(true);
  expect(performance.now() - quick).toBeLessThan(linger.ms);
});

it('ends once its time is spent though still signalled, and leaves no event without a job', async () => {
  const { pool, comment, event, shardJobs } = await setup();
  const wakes = createShardWakes();
  await ingestEvents(pool, [comment('c0')], wakes);
  const { shard } = await event('c0');
  await pool.query('delete from graphile_worker._private_jobs where key = $1', [`inbound:${shard}`]);
  const added: unknown[] = [];
  const started = performance.now();
  const job = inboundProcessJob({ pool, limits, linger: { slots: 1, ms: 300, budgetMs: 600 }, wakes })({ shard }, helpers(added));
  // Events of the shard every 20 ms keep it signalled past its 600 ms.
  let n = 0;
  const ingests: Promise<unknown>[] = [];
  const feeding = setInterval(() => ingests.push(ingestEvents(pool, [comment(`c${++n}`)], wakes)), 20);
  try {
    await job;
  } finally {
    clearInterval(feeding);
  }
  const took = performance.now() - started;
  await Promise.all(ingests);
  expect(took).toBeGreaterThanOrEqual(600);
  expect(took).toBeLessThan(600 + 300 + 1_000);
  expect(n).toBeGreaterThan(10);
  // What it did not take is a Graphile job's: it handed the shard on, or a later ingest found no listener.
  const left = Number(
    (await pool.query<{ n: string }>('select count(*) as n from inbound_events where shard = $1 and processed_at is null', [shard])).rows[0]!.n,
  );
  if (left > 0) expect(added.length + (await shardJobs(shard))).toBeGreaterThanOrEqual(1);
  for (const a of added) expect(a).toMatchObject(['inbound.process', { shard }, { jobKey: `inbound:${shard}`, queueName: `inbound:${shard}` }]);
});
