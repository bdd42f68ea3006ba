import type pg from 'pg';

type Db = Pick<pg.PoolClient, 'query'>;

/** The awaited step runs again; `countAttempt` is false for a rate-limit slot, which is not an attempt. */
export async function restartStep(db: Db, runId: string, seq: number, countAttempt: boolean): Promise<void> {
  await db.query(`update run_steps set status = 'running', attempts = attempts + $3 where run_id = $1 and seq = $2`, [runId, seq, countAttempt ? 1 : 0]);
}

/** The ledger row of a send step, once begun (kept in the step's input). */
export async function stepLedgerId(db: Db, runId: string, seq: number): Promise<string | null> {
  const { rows } = await db.query<{ ledger_id: string | null }>(`select input->>'ledgerId' as ledger_id from run_steps where run_id = $1 and seq = $2`, [
    runId,
    seq,
  ]);
  return rows[0]?.ledger_id ?? null;
}

export async function attachLedgerToStep(db: Db, runId: string, seq: number, ledgerId: string): Promise<void> {
  await db.query(`update run_steps set input = input || jsonb_build_object('ledgerId', $3::text) where run_id = $1 and seq = $2`, [runId, seq, ledgerId]);
}

/** The step sleeps on a timer of `kind` until `at` (its send slot, or a retry's backoff). */
export async function sleepStepUntil(db: Db, runId: string, seq: number, kind: 'send_slot' | 'retry', at: Date): Promise<void> {
  await db.query(`insert into run_timers (run_id, seq, kind, due_at) values ($1, $2, $3, $4)`, [runId, seq, kind, at]);
  await db.query(`update run_steps set status = 'sleeping' where run_id = $1 and seq = $2`, [runId, seq]);
}

/** Records a failed attempt's error on the step; returns the attempts made so far. */
export async function recordStepError(db: Db, runId: string, seq: number, error: string): Promise<number | null> {
  const { rows } = await db.query<{ attempts: number }>(`update run_steps set error = $3 where run_id = $1 and seq = $2 returning attempts`, [
    runId,
    seq,
    error,
  ]);
  return rows[0]?.attempts ?? null;
}

/** An external call's result on its step at once (an AI answer), before the driver's turn closes the step with it. */
export async function recordStepOutput(db: Db, runId: string, seq: number, output: unknown): Promise<void> {
  await db.query('update run_steps set output = $3::jsonb where run_id = $1 and seq = $2', [runId, seq, JSON.stringify(output)]);
}
