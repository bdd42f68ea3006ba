import type pg from 'pg';

/** Advisory-lock namespace of flow runs: one driver per run across the fleet (ADR 0007). */
const LOCK_NAMESPACE = 7_202_611;

/**
 * A session lock on the run, held by this connection across the driver's turns; PostgreSQL drops
 * it with the connection of a worker that dies. False when another driver holds it.
 */
export async function tryLockRun(client: pg.PoolClient, runId: string): Promise<boolean> {
  const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [LOCK_NAMESPACE, runId]);
  return rows[0]!.ok;
}

export async function unlockRun(client: pg.PoolClient, runId: string): Promise<void> {
  await client.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_NAMESPACE, runId]);
}
