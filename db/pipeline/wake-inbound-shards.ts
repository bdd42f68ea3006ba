import type pg from 'pg';
import { INBOUND_SHARDS } from '../../contracts/jobs';
import { jobSpecRow } from '../jobs/job-spec';

/**
 * Adds the `inbound.process` job of every shard holding an event that has waited unprocessed longer
 * than `olderThanMs` (ADR 0020). Ingest wakes a shard's keyed job in the event's own statement, but
 * Graphile's add_jobs cannot update a job a worker locks between its two steps: if that worker's
 * batch was read before the event committed, the event would wait for the shard's next delivery.
 * One probe of the unprocessed-events index per shard; returns the shards woken.
 */
export async function wakeStrandedShards(db: Pick<pg.Pool, 'query'>, olderThanMs: number, maxAttempts: number): Promise<number[]> {
  const { rows } = await db.query<{ shard: number }>(
    `with due as (
       select g::smallint as shard from generate_series(0, ${INBOUND_SHARDS - 1}) g
       where exists (select 1 from inbound_events e
                     where e.shard = g and e.processed_at is null and e.attempts < $1
                       and e.received_at < now() - make_interval(secs => $2 / 1000.0))
     ), jobs as (
       select graphile_worker.add_jobs(array_agg(${jobSpecRow('inbound.process', { payload: `json_build_object('shard', shard)`, keyOf: 'shard', queueOf: 'shard' })} order by shard), true)
       from due having count(*) > 0
     )
     select due.shard from due, (select count(*) from jobs) j order by due.shard`,
    [maxAttempts, olderThanMs],
  );
  return rows.map((r) => Number(r.shard));
}
