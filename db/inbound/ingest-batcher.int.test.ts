import type pg from 'pg';
import { expect, it } from 'vitest';
import { useTestPool } from '../../tests/support/test-db';
import { createIngestBatcher } from './ingest-batcher';
import type { IncomingEvent } from './ingest-events';

/** Group commit: concurrent deliveries share transactions, each is answered with its own share, after the commit. */
const { pool } = await useTestPool({ max: 4 });

const event = (key: string): IncomingEvent => ({ provider: 'sandbox', eventKey: key, workspaceId: null, payload: { key } });

it('commits 40 concurrent deliveries in fewer statements; each gets its own ids; every answered event and its job is stored', async () => {
  let statements = 0;
  const counting = { query: (...args: Parameters<pg.Pool['query']>) => (statements++, pool.query(...args)) } as unknown as pg.Pool;
  const batcher = createIngestBatcher(counting, { maxInFlight: 2 });
  // Delivery i carries keys b<i>-0 and b<i>-1; deliveries 10..19 repeat one key of delivery i-10 (a Meta retry).
  const deliveries = Array.from({ length: 40 }, (_, i) => [event(`b${i}-0`), event(i >= 10 && i < 20 ? `b${i - 10}-1` : `b${i}-1`)]);
  const results = await Promise.all(deliveries.map((d) => batcher.ingest(d)));

  expect(statements).toBeLessThan(40);
  expect(statements).toBeGreaterThanOrEqual(2);
  results.forEach((r, i) => {
    expect(r.ids).toHaveLength(2);
    expect(r.ids[0]).not.toBeNull();
    expect(r.accepted + r.duplicates).toBe(2);
    // Deliveries i and i + 10 (i < 10) share one key: two statements may be in flight at once, so
    // either may commit it first; together they are accepted 3 times, duplicates once.
    if (i < 10) expect(r.accepted + results[i + 10]!.accepted).toBe(3);
    else if (i >= 20) expect(r).toMatchObject({ accepted: 2, duplicates: 0 });
  });
  // A repeated key is accepted once across the deliveries, whichever delivery came first.
  const accepted = results.reduce((n, r) => n + r.accepted, 0);
  expect(accepted).toBe(70);
  const stored = await pool.query<{ events: number; jobs: number; shards: number }>(
    `select (select count(*)::int from inbound_events where provider = 'sandbox' and event_key like 'b%') as events,
            (select count(*)::int from graphile_worker.jobs where task_identifier = 'inbound.process') as jobs,
            (select count(distinct shard)::int from inbound_events where provider = 'sandbox' and event_key like 'b%') as shards`,
  );
  // One batch job per shard with events (ADR 0020), however many events it holds.
  expect(stored.rows[0]).toMatchObject({ events: 70 });
  expect(stored.rows[0]!.jobs).toBe(stored.rows[0]!.shards);
  const ids = results.flatMap((r) => r.ids).filter((id): id is string => id !== null);
  expect(new Set(ids).size).toBe(70);
});

it('a failed commit fails every delivery that shared it, and the batcher keeps working', async () => {
  let fail = true;
  const flaky = {
    query: (...args: Parameters<pg.Pool['query']>) => (fail ? Promise.reject(new Error('database down')) : pool.query(...args)),
  } as unknown as pg.Pool;
  const batcher = createIngestBatcher(flaky, { maxInFlight: 1 });
  const outcomes = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => batcher.ingest([event(`f${i}`)])));
  expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected', 'rejected']);
  fail = false;
  const ok = await batcher.ingest([event('f-after')]);
  expect(ok.accepted).toBe(1);
  const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from inbound_events where event_key like 'f%'`);
  expect(rows[0]!.n).toBe(1);
});
