import type pg from 'pg';

/**
 * In-process wakes of inbound shard jobs (ADR 0032). When the web and the worker run in one
 * process (`replypilot all`, `npm start`), they share one pool. An `inbound.process` job that found
 * its shard quiet may listen here for a little while before it ends. An ingest in the same process
 * that stored events of that shard then signals it directly, instead of adding a Graphile job the
 * listener's queue would hold back until it ends (`wakeShards`).
 *
 * Keyed by pool: two apps in one process (tests) on two databases never wake each other's jobs.
 * A signal arrives after the events' commit (the ingest wakes after it), so the job's next claim
 * sees them.
 */
const listeners = new WeakMap<pg.Pool, Map<number, () => void>>();
/** Pools an ingest of this process wakes shards through: only there is listening worth a job's time. */
const producers = new WeakSet<pg.Pool>();

/**
 * Listens for wakes of `shard` on `pool` until the returned function is called. One listener per
 * shard and pool (a shard's jobs run one at a time: its Graphile queue).
 */
export function listenForShardWakes(pool: pg.Pool, shard: number, onWake: () => void): () => void {
  let byShard = listeners.get(pool);
  if (!byShard) listeners.set(pool, (byShard = new Map()));
  const shards = byShard;
  shards.set(shard, onWake);
  return () => {
    if (shards.get(shard) === onWake) shards.delete(shard);
  };
}

/** Whether an ingest of this process has woken shards through `pool` (so a job may hear from it). */
export function hasLocalProducer(pool: pg.Pool): boolean {
  return producers.has(pool);
}

/**
 * Signals the listening jobs of these shards; returns the shards with none, which need a Graphile
 * job. Synchronous: a listener either receives the signal or has stopped listening before it.
 */
export function wakeShardsLocally(pool: pg.Pool, shards: number[]): number[] {
  producers.add(pool);
  const byShard = listeners.get(pool);
  if (!byShard || byShard.size === 0) return shards;
  return shards.filter((shard) => {
    const onWake = byShard.get(shard);
    if (!onWake) return true;
    onWake();
    return false;
  });
}
