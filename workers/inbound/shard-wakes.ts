import type { ShardWakes } from '../../db/inbound/wake-shards';

/**
 * The in-memory ShardWakes of one process (ADR 0032; the interface is db/inbound/wake-shards.ts):
 * one listener per shard, and whether anything has signalled yet. Made by bin/boot.ts and passed to
 * the webhook ingest and the `inbound.process` job, never looked up: two apps in one process (tests)
 * each have their own, so neither wakes the other's jobs. A signal arrives after the events' commit
 * (the ingest wakes after it), so the job's next claim sees them.
 */
export function createShardWakes(): ShardWakes {
  const listeners = new Map<number, () => void>();
  let producer = false;
  return {
    listen(shard, onWake) {
      listeners.set(shard, onWake);
      return () => {
        if (listeners.get(shard) === onWake) listeners.delete(shard);
      };
    },
    signal(shards) {
      producer = true;
      if (listeners.size === 0) return shards;
      return shards.filter((shard) => {
        const onWake = listeners.get(shard);
        if (!onWake) return true;
        onWake();
        return false;
      });
    },
    hasProducer: () => producer,
  };
}
