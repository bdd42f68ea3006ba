import { expect, it } from 'vitest';
import { useTestPool } from '../../tests/support/test-db';
import { ingestEvents } from './ingest-events';
import { wakeStrandedShards } from './wake-inbound-shards';
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

it('inbound:sweep wakes the job of a shard whose event waited with no job, and of no other shard', async () => {
  // An event left as if its ingest had met a job a worker was just locking: stored, unprocessed, no job.
  await pool.query('delete from graphile_worker._private_jobs');
  await pool.query(
    `insert into inbound_events (provider, event_key, workspace_id, payload, shard, received_at)
     values ('sandbox', 'stranded', null, '{}', 3, now() - interval '1 minute'),
            ('sandbox', 'fresh', null, '{}', 5, now()),
            ('sandbox', 'given-up', null, '{}', 6, now() - interval '1 minute')`,
  );
  await pool.query(`update inbound_events set attempts = 25 where event_key = 'given-up'`);
  expect(await wakeStrandedShards(pool, 30_000, 25)).toEqual([3]);
  const jobs = await pool.query<{ key: string; task_identifier: string; queue_name: string }>(
    'select key, task_identifier, queue_name from graphile_worker.jobs',
  );
  expect(jobs.rows).toEqual([{ key: 'inbound:3', task_identifier: 'inbound.process', queue_name: 'inbound:3' }]);
  // Nothing waiting that long: nothing woken, no job added.
  await pool.query(`update inbound_events set processed_at = now() where event_key = 'stranded'`);
  expect(await wakeStrandedShards(pool, 30_000, 25)).toEqual([]);
  expect((await pool.query('select count(*)::int as n from graphile_worker.jobs')).rows[0]).toEqual({ n: 1 });
});

it('a shard whose job is waiting gets no add_jobs (one plain NOTIFY per statement, no job), and no worker can take that job before the new events commit', async () => {
  const account = '0b7f3c7e-2f7a-4d8e-a3a1-5b9c1d2e3f40';
  const ev = (key: string) => ({ provider: 'sandbox' as const, eventKey: key, workspaceId: null, payload: { accountId: account, n: key } });
  await pool.query('delete from graphile_worker._private_jobs');
  await ingestEvents(pool, [ev('wait-1')]);
  const shard = (await pool.query<{ shard: number }>("select shard from inbound_events where event_key = 'wait-1'")).rows[0]!.shard;
  const key = `inbound:${shard}`;
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  const inserts: string[] = [];
  listener.on('notification', (n) => inserts.push(n.payload ?? ''));
  await listener.query('listen "jobs:insert"');
  try {
    // Waiting, never tried: the new event is left to it. One NOTIFY (not add_jobs' per shard) has an
    // idle worker look again, in case its get_job skipped the row this statement held.
    await ingestEvents(pool, [ev('wait-2')]);
    await expect.poll(() => inserts).toEqual(['{"count":1}']);
    expect((await pool.query('select count(*)::int as n from graphile_worker.jobs where key = $1', [key])).rows[0]).toEqual({ n: 1 });

    // While an ingest statement that found it waiting is uncommitted, a worker's get_job (for update
    // skip locked) skips the job; after the commit it takes it, and sees the event.
    const tx = await pool.connect();
    const worker = await pool.connect();
    const take = () =>
      worker.query<{ id: string }>('select id from graphile_worker._private_jobs where key = $1 and is_available for update skip locked', [key]);
    try {
      await tx.query('begin');
      await ingestEvents({ query: tx.query.bind(tx) } as unknown as pg.Pool, [ev('wait-3')]);
      await worker.query('begin');
      expect((await take()).rows).toHaveLength(0);
      await worker.query('rollback');
      await tx.query('commit');
      await worker.query('begin');
      expect((await take()).rows).toHaveLength(1);
      expect((await worker.query("select count(*)::int as n from inbound_events where event_key like 'wait-%' and processed_at is null")).rows[0]).toEqual({
        n: 3,
      });
      await worker.query('rollback');
    } finally {
      tx.release();
      worker.release();
    }

    // Taken by a worker (running): a new event adds a new job under the key, as before, and wakes a worker.
    await pool.query(`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'test-worker', attempts = 1 where key = $1`, [key]);
    inserts.length = 0;
    await ingestEvents(pool, [ev('wait-4')]);
    await expect.poll(() => inserts.length).toBe(1);
    const rows = await pool.query<{ locked: boolean }>(
      "select locked_at is not null as locked from graphile_worker._private_jobs where payload::jsonb->>'shard' = $1 order by id",
      [String(shard)],
    );
    expect(rows.rows).toEqual([{ locked: true }, { locked: false }]);
  } finally {
    await listener.end();
  }
});
