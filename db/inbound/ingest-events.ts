import { createHash } from 'node:crypto';
import type pg from 'pg';
import { toStorableJson, toStorableText } from '../../contracts/json-safety';
import { tuning } from '../../config/tuning';
import { retryOnDeadlock } from './retry-on-deadlock';
import { wakeShards, type ShardWakes } from './wake-shards';

export interface IncomingEvent {
  provider: 'meta' | 'x' | 'sandbox';
  /** The provider's identity for the event (e.g. comment id): a redelivery carries the same key. */
  eventKey: string;
  workspaceId: string | null;
  payload: unknown;
  /** The payload is storable already (its caller made it so, e.g. the Meta route): not walked again. */
  storable?: true;
  /**
   * The active Meta account the event is addressed to, resolved by the ingest statement itself: the
   * payload gets its `accountId` (null when none is active) and the event its workspace, read in
   * the statement that stores it — no lookup of its own, and never a stale one (a deactivated or
   * deleted account is not attributed from the moment it commits).
   */
  metaAccount?: { platform: string; externalId: string };
}

export interface IngestResult {
  /** Ids of newly accepted events, in input order; null where the key was already known. */
  ids: (string | null)[];
  accepted: number;
  duplicates: number;
}

/**
 * The durable half of the inbound pipeline (ARCHITECTURE.md#inbound-pipeline, ADR 0029): store every
 * event (a known key is a no-op) in one statement and commit, then wake the shards' `inbound.process`
 * batch jobs (`wakeShards`; `wakes`: this process's in-memory wakes, ADR 0032). Callers acknowledge once this resolves: the events are durable by then.
 * A wake that fails leaves them stored and unprocessed, and `inbound:sweep` wakes their shard
 * (`woken: false` says so). `pool` must be a Pool (each statement its own transaction), never a
 * client inside a transaction: the wake commits asynchronously.
 *
 * One bad event must not fail its batch (a NUL in one DM made Meta redeliver,
 * and lose, the whole batch). Each event is first made storable (`storable` below), which removes
 * every reason one row could fail: what is left to fail (database down, lock timeout) fails every
 * row alike, and then the 5xx and the platform's redelivery are the right answer. Per-event
 * savepoints were the alternative; they cost a round trip per event on 1,000-event batches, and
 * would still need a policy for the failing event (drop it after acknowledging = silent loss).
 */
export async function ingestEvents(pool: pg.Pool, input: IncomingEvent[], wakes?: ShardWakes): Promise<IngestResult & { woken: boolean }> {
  const stored = await storeEvents(pool, input);
  const woken = await wakeShards(pool, stored.shards, wakes).then(
    () => true,
    () => false,
  );
  return { ids: stored.ids, accepted: stored.accepted, duplicates: stored.duplicates, woken };
}

/**
 * The events' insert alone, committed with nothing else: no job row is locked and no NOTIFY is sent,
 * so this commit shares WAL flushes with every other (group commit). A transaction that NOTIFYs takes
 * PostgreSQL's database-wide notify lock at commit and holds it until its commit record is flushed,
 * so such commits flush one at a time; when the ingest also woke its shard's job here, every
 * delivery queued behind the slowest flush (ADR 0029). Returns the shards of the accepted events.
 */
export async function storeEvents(pool: pg.Pool, input: IncomingEvent[]): Promise<IngestResult & { shards: number[] }> {
  if (input.length === 0) return { ids: [], accepted: 0, duplicates: 0, shards: [] };
  const events = input.map(storable);
  // Named: each connection plans this statement once (every webhook delivery runs it).
  const { rows } = await retryOnDeadlock(() =>
    pool.query<{ id: string; event_key: string; provider: string; shard: number }>({
      name: 'ingest-events',
      text: `with input as (
       select t.provider, t.event_key, coalesce(t.workspace_id, a.workspace_id) as workspace_id,
              case when t.account_platform is null then t.payload else t.payload || jsonb_build_object('accountId', a.id) end as payload
       from unnest($1::text[], $2::text[], $3::uuid[], $4::jsonb[], $5::text[], $6::text[]) as t(provider, event_key, workspace_id, payload, account_platform, account_external_id)
       -- At most one row: (provider, platform, external_id) is unique.
       left join social_accounts a on t.account_platform is not null and a.provider = 'meta' and a.is_active
         and a.platform = t.account_platform and a.external_id = t.account_external_id
     ), ins as (
       insert into inbound_events (provider, event_key, workspace_id, payload, shard)
       select provider, event_key, workspace_id, payload, ${SHARD_SQL} from input
       on conflict (provider, event_key) do nothing
       returning id, provider, event_key, shard
     )
     select ins.id::text, ins.event_key, ins.provider, ins.shard from ins`,
      values: [
        events.map((e) => e.provider),
        events.map((e) => e.eventKey),
        events.map((e) => e.workspaceId),
        events.map((e) => JSON.stringify(e.payload)),
        events.map((e) => e.metaAccount?.platform ?? null),
        events.map((e) => e.metaAccount?.externalId ?? null),
      ],
    }),
  );
  const byKey = new Map(rows.map((r) => [`${r.provider}\u0000${r.event_key}`, r.id]));
  // The same key twice in one batch: the first occurrence is the accepted one, the rest duplicates.
  const ids = events.map((e) => {
    const key = `${e.provider}\u0000${e.eventKey}`;
    const id = byKey.get(key) ?? null;
    byKey.delete(key);
    return id;
  });
  return { ids, accepted: rows.length, duplicates: events.length - rows.length, shards: [...new Set(rows.map((r) => Number(r.shard)))] };
}

/**
 * An event's shard (ADR 0020): a hash of the account its payload names (`accountId`, as every
 * normalized payload carries it), so one account's events are processed by one job at a time, in
 * order. hashtext may be negative: the modulo is made non-negative.
 */
const SHARDS = tuning.inbound.shards;
const SHARD_SQL = `(((hashtext(coalesce(payload->>'accountId', '')) % ${SHARDS}) + ${SHARDS}) % ${SHARDS})::smallint`;

/** Platform ids are short; a longer key (a hostile or broken payload) is hashed to fit the unique index. */
const MAX_EVENT_KEY_CHARS = 400;

/**
 * The event as PostgreSQL will always take it: NUL and lone surrogates become U+FFFD (text and
 * jsonb refuse them), nesting past 64 levels is cut (JSON.stringify recurses; real payloads are
 * under 10 levels), and an over-long key becomes its hash (a btree entry holds ~2.7 kB). All
 * deterministic, so a redelivery of the same event still finds its key.
 */
function storable(e: IncomingEvent): IncomingEvent {
  const key = toStorableText(e.eventKey);
  return {
    ...e,
    eventKey: key.length <= MAX_EVENT_KEY_CHARS ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`,
    payload: e.storable ? e.payload : toStorableJson(e.payload),
  };
}
