import pg from 'pg';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ingestEvents, type IncomingEvent } from '../../db/pipeline/ingest-events';
import { sendLimitsFromConfig } from '../../db/pipeline/send-limits';
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
  await ingestEvents(pool, [comment('a1')]);
  const { shard } = await event('a1');
  await pool.query('delete from graphile_worker._private_jobs where key = $1', [`inbound:${shard}`]);

  const added: unknown[] = [];
  const started = performance.now();
  const job = inboundProcessJob(pool, limits, undefined, undefined, undefined, linger)({ shard }, helpers(added));
  await expect.poll(async () => (await event('a1')).done, { timeout: 5_000, interval: 20 }).toBe(true);

  // The job is waiting: the next events of the shard are signalled to it, not queued.
  await ingestEvents(pool, [comment('a2')]);
  expect((await event('a2')).shard).toBe(shard);
  await expect.poll(async () => (await event('a2')).done, { timeout: 5_000, interval: 20 }).toBe(true);
  expect(await shardJobs(shard)).toBe(0);

  // Quiet for `linger.ms`: it ends, without handing the shard on.
  await job;
  expect(performance.now() - started).toBeGreaterThanOrEqual(linger.ms);
  expect(added).toEqual([]);

  // Nobody listens now: a new event gets its Graphile job, as without a waiting job.
  await ingestEvents(pool, [comment('a3')]);
  expect((await event('a3')).done).toBe(false);
  expect(await shardJobs(shard)).toBe(1);
});

it('does not wait where no ingest of this process wakes shards through its pool, or with no slots', async () => {
  const { comment, event } = await setup();
  // Another pool on the same database: nothing in this process ingests through it.
  const other = new pg.Pool({ connectionString: t.db.url, max: 2 });
  try {
    await ingestEvents(t.app.database.pool, [comment('b1')]);
    const { shard } = await event('b1');
    const started = performance.now();
    await inboundProcessJob(other, limits, undefined, undefined, undefined, linger)({ shard }, helpers([]));
    expect((await event('b1')).done).toBe(true);
    expect(performance.now() - started).toBeLessThan(linger.ms);

    await ingestEvents(t.app.database.pool, [comment('b2')]);
    const quick = performance.now();
    await inboundProcessJob(t.app.database.pool, limits, undefined, undefined, undefined, { ...linger, slots: 0 })({ shard }, helpers([]));
    expect((await event('b2')).done).toBe(true);
    expect(performance.now() - quick).toBeLessThan(linger.ms);
  } finally {
    await other.end();
  }
});

it('ends once its time is spent though still signalled, and leaves no event without a job', async () => {
  const { pool, comment, event, shardJobs } = await setup();
  await ingestEvents(pool, [comment('c0')]);
  const { shard } = await event('c0');
  await pool.query('delete from graphile_worker._private_jobs where key = $1', [`inbound:${shard}`]);
  const added: unknown[] = [];
  const started = performance.now();
  const job = inboundProcessJob(pool, limits, undefined, undefined, undefined, { slots: 1, ms: 300, budgetMs: 600 })({ shard }, helpers(added));
  // Events of the shard every 20 ms keep it signalled past its 600 ms.
  let n = 0;
  const ingests: Promise<unknown>[] = [];
  const feeding = setInterval(() => ingests.push(ingestEvents(pool, [comment(`c${++n}`)])), 20);
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
