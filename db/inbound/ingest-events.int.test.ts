import { expect, it } from 'vitest';
import { expectCommitsAsynchronously } from '../../tests/support/async-commit';
import { useTestPool } from '../../tests/support/test-db';
import { ingestEvents, storeEvents } from './ingest-events';
import { wakeShards, wakeStrandedShards } from './wake-shards';
import { tuning } from '../../config/tuning';
import pg from 'pg';

/** Nothing in one event can fail the batch insert: every event is made storable. */
const { pool, url } = await useTestPool({ max: 2 });

it('stores NUL bytes, lone surrogates, absurd nesting and over-long keys alongside a good event, in one batch', async () => {
  let deep: unknown = 'bottom';
  for (let i = 0; i < 20_000; i++) deep = { a: deep };
  const longKey = `k${'9'.repeat(5_000)}`;
  const result = await ingestEvents(pool, [
    { provider: 'sandbox', eventKey: 'good', workspaceId: null, payload: { text: 'fine' } },
    { provider: 'sandbox', eventKey: 'nul\u0000key', workspaceId: null, payload: { text: 'a\u0000b', 'k\u0000': 1 } },
    { provider: 'sandbox', eventKey: 'surrogates', workspaceId: null, payload: { text: '\ud800x\udc00', pair: '👋' } },
    { provider: 'sandbox', eventKey: 'deep', workspaceId: null, payload: { deep } },
    { provider: 'sandbox', eventKey: longKey, workspaceId: null, payload: { text: 'long key' } },
  ]);
  expect(result.accepted).toBe(5);

  const payload = async (key: string) => (await pool.query('select payload from inbound_events where event_key = $1', [key])).rows[0]?.payload;
  expect(await payload('good')).toEqual({ text: 'fine' });
  expect(await payload('nul\ufffdkey')).toEqual({ text: 'a\ufffdb', 'k\ufffd': 1 });
  expect(await payload('surrogates')).toEqual({ text: '\ufffdx\ufffd', pair: '👋' });
  expect(JSON.stringify(await payload('deep'))).toContain('"[nested too deep]"');

  // A redelivery finds every key again (the rewriting is deterministic).
  const again = await ingestEvents(pool, [
    { provider: 'sandbox', eventKey: 'nul\u0000key', workspaceId: null, payload: {} },
    { provider: 'sandbox', eventKey: longKey, workspaceId: null, payload: {} },
  ]);
  expect(again).toMatchObject({ accepted: 0, duplicates: 2 });
});

it("wakes one job per shard: one account's events share a shard, and its waiting job keeps the first event's run_at", async () => {
  const account = '7d0c4a52-5a3e-4c1e-9d55-0c6f8e2b1a01';
  const ev = (key: string) => ({ provider: 'sandbox' as const, eventKey: key, workspaceId: null, payload: { accountId: account, n: key } });
  await ingestEvents(pool, [ev('shard-1'), ev('shard-2')]);
  const shards = await pool.query<{ shard: number }>("select distinct shard from inbound_events where event_key like 'shard-%'");
  expect(shards.rows).toHaveLength(1);
  const key = `inbound:${shards.rows[0]!.shard}`;
  const job = async () =>
    (await pool.query<{ run_at: Date; queue_name: string }>('select run_at, queue_name from graphile_worker.jobs where key = $1', [key])).rows;
  const first = await job();
  expect(first).toHaveLength(1);
  expect(first[0]).toMatchObject({ queue_name: key });
  await pool.query('select pg_sleep(0.05)');
  await ingestEvents(pool, [ev('shard-3')]);
  const second = await job();
  expect(second).toHaveLength(1);
  expect(second[0]!.run_at.getTime()).toBe(first[0]!.run_at.getTime());
});

it('inbound:sweep wakes the job of a shard whose event waited with no job, and of no other shard, whatever the shard count', async () => {
  // Events left as if their ingest had met a job a worker was just locking: stored, unprocessed, no
  // job. Shards 3 and 7 are past the shard count (ADR 0033), as events stored under an earlier count are.
  expect(tuning.inbound.shards).toBeLessThanOrEqual(3);
  await pool.query('delete from graphile_worker._private_jobs');
  await pool.query(
    `insert into inbound_events (provider, event_key, workspace_id, payload, shard, received_at)
     values ('sandbox', 'stranded', null, '{}', 3, now() - interval '1 minute'),
            ('sandbox', 'fresh', null, '{}', 5, now()),
            ('sandbox', 'given-up', null, '{}', 6, now() - interval '1 minute'),
            ('sandbox', 'old-count', null, '{}', 7, now() - interval '2 minutes'),
            ('sandbox', 'old-count-done', null, '{}', 9, now() - interval '2 minutes')`,
  );
  await pool.query(`update inbound_events set attempts = 25 where event_key = 'given-up'`);
  await pool.query(`update inbound_events set processed_at = now() where event_key = 'old-count-done'`);
  expect(await wakeStrandedShards(pool, 30_000, 25)).toEqual([3, 7]);
  const jobs = await pool.query<{ key: string; task_identifier: string; queue_name: string }>(
    'select key, task_identifier, queue_name from graphile_worker.jobs order by key',
  );
  expect(jobs.rows).toEqual([
    { key: 'inbound:3', task_identifier: 'inbound.process', queue_name: 'inbound:3' },
    { key: 'inbound:7', task_identifier: 'inbound.process', queue_name: 'inbound:7' },
  ]);
  // Nothing waiting that long: nothing woken, no job added.
  await pool.query(`update inbound_events set processed_at = now() where event_key in ('stranded', 'old-count')`);
  expect(await wakeStrandedShards(pool, 30_000, 25)).toEqual([]);
  expect((await pool.query('select count(*)::int as n from graphile_worker.jobs')).rows[0]).toEqual({ n: 2 });
});

it('stores without a NOTIFY or a job, then wakes: a waiting job gets nothing, a taken one gets a new job beside it; the wake commits asynchronously', async () => {
  const account = '0b7f3c7e-2f7a-4d8e-a3a1-5b9c1d2e3f40';
  const ev = (key: string) => ({ provider: 'sandbox' as const, eventKey: key, workspaceId: null, payload: { accountId: account, n: key } });
  await pool.query('delete from graphile_worker._private_jobs');
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  const inserts: string[] = [];
  listener.on('notification', (n) => inserts.push(n.payload ?? ''));
  await listener.query('listen "jobs:insert"');
  const jobsOf = async (key: string) =>
    (
      await pool.query<{ locked: boolean }>(
        "select locked_at is not null as locked from graphile_worker._private_jobs where key = $1 or (key is null and payload::jsonb->>'shard' = $2) order by id",
        [key, key.split(':')[1]],
      )
    ).rows;
  try {
    // The durable statement alone: the event is committed, no job and no NOTIFY (so its commit can
    // share a WAL flush: PostgreSQL flushes NOTIFYing commits one at a time, ADR 0029).
    const stored = await storeEvents(pool, [ev('wait-1')]);
    expect(stored.accepted).toBe(1);
    const shard = (await pool.query<{ shard: number }>("select shard from inbound_events where event_key = 'wait-1'")).rows[0]!.shard;
    expect(stored.shards).toEqual([shard]);
    const key = `inbound:${shard}`;
    expect(await jobsOf(key)).toEqual([]);
    await listener.query('select 1'); // any notification sent by now has arrived
    expect(inserts).toEqual([]);

    // The wake adds the shard's job (one NOTIFY).
    await wakeShards(pool, stored.shards);
    await expect.poll(() => inserts.length).toBe(1);
    expect(await jobsOf(key)).toEqual([{ locked: false }]);
    // Its statement turns synchronous_commit off for its own transaction only.
    await expectCommitsAsynchronously(pool, (db) => wakeShards(db, [(shard + 1) % 8]));
    await listener.query('select 1');
    inserts.length = 0;

    // Waiting, never tried: a new event is left to it (no add_jobs, no NOTIFY); it reads its batch
    // when a worker takes it, after this event committed.
    expect((await ingestEvents(pool, [ev('wait-2')])).woken).toBe(true);
    await listener.query('select 1');
    expect(inserts).toEqual([]);
    expect(await jobsOf(key)).toEqual([{ locked: false }]);

    // Taken by a worker (running): a new event adds a new job beside it, and wakes a worker.
    await pool.query(`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'test-worker', attempts = 1 where key = $1`, [key]);
    await ingestEvents(pool, [ev('wait-3')]);
    await expect.poll(() => inserts.length).toBe(1);
    expect(await jobsOf(key)).toEqual([{ locked: true }, { locked: false }]);
  } finally {
    await listener.end();
  }
});

it('a wake that fails leaves the events stored: ingestEvents says so, and inbound:sweep wakes the shard', async () => {
  await pool.query('delete from graphile_worker._private_jobs');
  const broken = { query: () => Promise.reject(new Error('connection lost')) } as unknown as pg.Pool;
  await expect(wakeShards(broken, [4])).rejects.toThrow('connection lost');
  const stored = await storeEvents(pool, [{ provider: 'sandbox', eventKey: 'unwoken', workspaceId: null, payload: {} }]);
  expect(stored.accepted).toBe(1);
  await pool.query(`update inbound_events set received_at = now() - interval '1 minute' where event_key = 'unwoken'`);
  expect(await wakeStrandedShards(pool, 30_000, 25)).toEqual(stored.shards);
});
