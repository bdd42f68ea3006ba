import type pg from 'pg';

export interface SendLimit {
  perHour: number;
  burst: number;
}

/**
 * The reservation as one statement: $1 account, $2 kind, $3 interval in ms, $4 burst; returns
 * send_at. Shared with enqueueSend, which runs it in a CTE with the ledger update and the job.
 */
export const RESERVE_SLOT_SQL = `insert into send_rate_limits (account_id, kind, tat)
     values ($1, $2, clock_timestamp() + make_interval(secs => $3 / 1000.0))
     on conflict (account_id, kind) do update
       set tat = greatest(send_rate_limits.tat, clock_timestamp()) + make_interval(secs => $3 / 1000.0)
     returning greatest(clock_timestamp(), tat - make_interval(secs => $3 * $4 / 1000.0)) as send_at`;

/**
 * Reserves the next send slot for (account, kind) with the generic cell-rate algorithm: one row
 * per key holds the theoretical arrival time (tat). Atomic under concurrency (one upsert), shared
 * by every worker, never drops a send: a burst just gets later slots. Returns when it may go.
 */
export async function reserveSendSlot(db: Pick<pg.PoolClient, 'query'>, accountId: string, kind: string, limit: SendLimit): Promise<Date> {
  const intervalMs = 3_600_000 / limit.perHour;
  const { rows } = await db.query<{ send_at: Date }>({ name: 'reserve-send-slot', text: RESERVE_SLOT_SQL, values: [accountId, kind, intervalMs, limit.burst] });
  const sendAt = rows[0]?.send_at;
  if (!(sendAt instanceof Date)) throw new Error('reserveSendSlot returned no time');
  return sendAt;
}
