import type pg from 'pg';

type Db = Pick<pg.Pool, 'query'>;

/** The id sequences of the append-only tables /metrics counts (db/metrics/count-new-rows.ts), as of `at`. */
export interface SequenceSample {
  at: Date;
  inboundEvents: bigint;
  runSteps: bigint;
}

/**
 * Where each id sequence stands now (database clock). An id at or below a sample is settled once
 * every transaction that was open at the sample's time has ended: it has then committed (visible)
 * or rolled back (a gap), and no later transaction can take an id that low (ADR 0036).
 */
export async function sampleSequences(db: Db): Promise<SequenceSample> {
  const { rows } = await db.query<{ at: Date; inbound: string; steps: string }>(
    `select clock_timestamp() as at,
            coalesce(pg_sequence_last_value('inbound_events_id_seq'), 0)::text as inbound,
            coalesce(pg_sequence_last_value('run_steps_id_seq'), 0)::text as steps`,
  );
  const r = rows[0]!;
  return { at: r.at, inboundEvents: BigInt(r.inbound), runSteps: BigInt(r.steps) };
}

export interface OpenTransactions {
  /** The database clock now. */
  clock: Date;
  /** When the oldest transaction still open in this database began (another session's); null: none is open. */
  oldestStart: Date | null;
}

/**
 * The start of the oldest transaction open in this database, from pg_stat_activity. A row stamped
 * with `now()` (its transaction's start) earlier than that, or an id taken before it, belongs to a
 * transaction that has ended: what a query started after this one sees of them is final (ADR 0036).
 */
export async function readOpenTransactions(db: Db): Promise<OpenTransactions> {
  const { rows } = await db.query<OpenTransactions>(
    `select clock_timestamp() as clock,
            (select min(xact_start) from pg_stat_activity
             where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()) as "oldestStart"`,
  );
  return rows[0]!;
}
