import type pg from 'pg';
import { tuning } from '../../config/tuning';
import { storeEvents, type IncomingEvent, type IngestResult } from './ingest-events';
import { wakeShards, type ShardWakes } from './wake-shards';

export interface IngestBatcher {
  /** Resolves once these events are committed, with this caller's share of the result (their shards are woken after). */
  ingest(events: IncomingEvent[]): Promise<IngestResult>;
}

interface Waiting {
  events: IncomingEvent[];
  resolve: (r: IngestResult) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for webhook deliveries (ARCHITECTURE.md#inbound-pipeline): at most `maxInFlight`
 * ingest transactions run at once; deliveries that arrive meanwhile wait, and the next transaction
 * takes every one waiting at that moment (up to `maxEvents` events) and commits them together with
 * `storeEvents`, one statement. Each caller is answered after that commit, so a webhook is still
 * acknowledged only once its events are durable; a failed commit fails every delivery in it (each
 * gets its 5xx and the platform redelivers). Meta sends one entry per POST at low volume, so a busy
 * moment is many small POSTs: one transaction (one WAL flush) for all of them instead of one each.
 * The shards are woken after the answer and outside the `maxInFlight` slots (`wakeShards`, ADR
 * 0029), through `wakes` where this process has them (ADR 0032); a wake that fails is reported to
 * `onWakeError`, and `inbound:sweep` wakes those shards.
 */
export function createIngestBatcher(
  pool: pg.Pool,
  opts: { maxInFlight?: number; maxEvents?: number; onWakeError?: (err: unknown) => void; wakes?: ShardWakes } = {},
): IngestBatcher {
  const maxInFlight = opts.maxInFlight ?? tuning.ingest.maxInFlight;
  const maxEvents = opts.maxEvents ?? tuning.ingest.maxEvents;
  const queue: Waiting[] = [];
  let inFlight = 0;

  const flush = () => {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch: Waiting[] = [queue.shift()!];
      let n = batch[0]!.events.length;
      while (queue.length > 0 && n + queue[0]!.events.length <= maxEvents) {
        const next = queue.shift()!;
        n += next.events.length;
        batch.push(next);
      }
      inFlight++;
      void storeEvents(
        pool,
        batch.flatMap((w) => w.events),
      )
        .then(
          (result) => {
            void wakeShards(pool, result.shards, opts.wakes).catch((err: unknown) => opts.onWakeError?.(err));
            let at = 0;
            for (const w of batch) {
              const ids = result.ids.slice(at, at + w.events.length);
              at += w.events.length;
              const accepted = ids.filter((id) => id !== null).length;
              w.resolve({ ids, accepted, duplicates: ids.length - accepted });
            }
          },
          (err: unknown) => {
            for (const w of batch) w.reject(err);
          },
        )
        .finally(() => {
          inFlight--;
          flush();
        });
    }
  };

  return {
    ingest(events) {
      if (events.length === 0) return Promise.resolve({ ids: [], accepted: 0, duplicates: 0 });
      return new Promise<IngestResult>((resolve, reject) => {
        queue.push({ events, resolve, reject });
        flush();
      });
    },
  };
}
