import type pg from 'pg';
import type { Logger } from 'pino';
import { createIngestBatcher, type IngestBatcher } from '../../../db/inbound/ingest-batcher';
import type { ShardWakes } from '../../../db/inbound/wake-shards';
import { throttledErrorLog } from '../../../db/unavailable';

/**
 * The webhook routes' ingest: concurrent deliveries share a commit, each answered after it. A shard
 * wake that fails after the commit (ADR 0029) is logged, at most once per 30 s: the events are
 * stored, and `inbound:sweep` wakes their shards.
 */
export function webhookBatcher(pool: pg.Pool, log: Pick<Logger, 'error' | 'info'>, wakes?: ShardWakes): IngestBatcher {
  const wakeErrors = throttledErrorLog(
    { error: (obj, msg) => log.error(obj, msg), info: (msg) => log.info(msg) },
    'waking inbound shards after a webhook failed; inbound:sweep wakes them',
  );
  return createIngestBatcher(pool, { onWakeError: (err) => wakeErrors.error(err), ...(wakes ? { wakes } : {}) });
}
