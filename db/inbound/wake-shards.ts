import type pg from 'pg';
import { jobs } from '../../contracts/jobs';
import { untriedJobWithKeySql } from '../jobs/graphile-internals';
import { jobSpecRow } from '../jobs/job-spec';
import { retryOnDeadlock } from './retry-on-deadlock';

/**
 * Waking a shard's `inbound.process` batch job (ADR 0020): after an ingest (wakeShards), and for
 * events left waiting (wakeStrandedShards, `inbound:sweep`).
 */

/**
 * A process's in-memory wakes of its inbound shard jobs (ADR 0032), made once by the composition
 * root (bin/boot.ts, workers/inbound/shard-wakes.ts) and handed to both the ingest (web) and the
 * `inbound.process` job (worker). Where the web and the worker share a process, a shard job that
 * found its shard quiet listens for a little while; an ingest of that shard then signals it instead
 * of adding a Graphile job its queue would hold back until the listener ends.
 */
export interface ShardWakes {
  /** Listens for wakes of `shard` until the returned function is called; one listener per shard (its jobs run one at a time). */
  listen(shard: number, onWake: () => void): () => void;
  /**
   * Signals the listening jobs of these shards and returns the shards with none, which need a
   * Graphile job. Synchronous: a listener either receives the signal or stopped listening before it.
   */
  signal(shards: number[]): number[];
  /** Whether an ingest of this process has signalled through these wakes (only then is listening worth a job's time). */
  hasProducer(): boolean;
}

/** A shard's job key (`inbound:<shard>`, the catalogue's prefix). */
const SHARD_KEY_SQL = `'${jobs['inbound.process'].keyPrefix}' || shard`;

/**
 * Wakes the `inbound.process` job of each shard (one per shard, keyed: ADR 0020) after its events
 * committed. A shard whose job is waiting and never tried gets nothing: that job has not read its
 * batch yet, and will find the committed events (ADR 0022; no add_jobs, so no `jobs:insert` NOTIFY
 * waking a worker for nothing). A shard whose job is taken or absent gets add_jobs, which keeps a
 * waiting job's run_at (`job_key_preserve_run_at`: bumped to now() by every new event it would sort
 * behind every job that came due meanwhile) and puts a new job beside a running one.
 *
 * `wakes` (ADR 0032): where the web and the worker run in one process, a shard whose
 * `inbound.process` job listens in this process is signalled directly and gets no Graphile job.
 *
 * Committed with `synchronous_commit = off` (for this statement's transaction only): it holds the
 * notify lock and the job row for microseconds, not for a WAL flush. A wake lost in a crash before
 * its flush only delays its events until `inbound:sweep` (they are durable already).
 */
export async function wakeShards(pool: pg.Pool, all: number[], wakes?: ShardWakes): Promise<void> {
  const shards = wakes ? wakes.signal(all) : all;
  if (shards.length === 0) return;
  await retryOnDeadlock(() =>
    pool.query({
      name: 'ingest-wake',
      text: `with async as (
       select set_config('synchronous_commit', 'off', true)
     ), specs as (
       select array_agg(${jobSpecRow('inbound.process', { payload: `json_build_object('shard', shard)`, keyOf: 'shard', queueOf: 'shard' })} order by shard) as specs
       from (select distinct unnest($1::smallint[]) as shard) s
       where not ${untriedJobWithKeySql(SHARD_KEY_SQL)}
     )
     select (select count(*) from async) as async, graphile_worker.add_jobs(specs, true) is not null as added from specs where specs is not null`,
      values: [shards],
    }),
  );
}

/**
 * Adds the `inbound.process` job of every shard holding an event that has waited unprocessed longer
 * than `olderThanMs` (ADR 0020). Ingest wakes a shard's keyed job in the event's own statement, but
 * Graphile's add_jobs cannot update a job a worker locks between its two steps: if that worker's
 * batch was read before the event committed, the event would wait for the shard's next delivery.
 * The shards are those that hold unprocessed events, whatever the shard count is now (config/tuning.ts, ADR 0033):
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
