import type pg from 'pg';

type Db = Pick<pg.Pool, 'query'>;

export interface InboundBacklog {
  /** Stored, not yet processed, still to be tried. */
  pending: number;
  /** Seconds since the oldest of those was received; 0 when there is none. */
  oldestSeconds: number;
  /** Unprocessed events given up on after `maxAttempts` failures (their error kept). */
  givenUp: number;
}

/** The inbound events waiting for their batch job, through the partial index of unprocessed events. */
export async function readInboundBacklog(db: Db, maxAttempts: number): Promise<InboundBacklog> {
  const { rows } = await db.query<InboundBacklog>(
    `select count(*) filter (where attempts < $1)::int as pending,
            coalesce(extract(epoch from now() - min(received_at) filter (where attempts < $1)), 0)::float8 as "oldestSeconds",
            count(*) filter (where attempts >= $1)::int as "givenUp"
     from inbound_events where processed_at is null`,
    [maxAttempts],
  );
  return { ...rows[0]!, oldestSeconds: Math.max(0, rows[0]!.oldestSeconds) };
}
