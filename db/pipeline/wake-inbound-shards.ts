import type pg from 'pg';
import { jobSpecRow } from '../jobs/job-spec';

/**
 * Adds the `inbound.process` job of every shard holding an event that has waited unprocessed longer
 * than `olderThanMs` (ADR 0020). Ingest wakes a shard's keyed job in the event's own statement, but
 * Graphile's add_jobs cannot update a job a worker locks between its two steps: if that worker's
 * batch was read before the event committed, the event would wait for the shard's next delivery.
 * The shards are those that hold unprocessed events, whatever INBOUND_SHARDS is now (ADR 0033):
 * events stored under an earlier count, or by a process with another, are woken too. Found by a
 * skip scan of the unprocessed-events index (shard, id): one probe per shard present, however long
 * the backlog. Returns the shards woken.
 */
export async function wakeStrandedShards(db: Pick<pg.Pool, 'query'>, olderThanMs: number, maxAttempts: number): Promise<number[]> {
  const { rows } = await db.query<{ shard: number }>(
    `with recursive pending(shard) as (
       (select e.shard from inbound_events e where e.processed_at is null order by e.shard limit 1)
       union all
       select (select e.shard from inbound_events e where e.processed_at is null and e.shard > p.shard order by e.shard limit 1)
       from pending p where p.shard is not null
     ), due as (
       select p.shard from pending p
       where p.shard is not null
         and exists (select 1 from inbound_events e
                     where e.shard = p.shard and e.processed_at is null and e.attempts < $1
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
