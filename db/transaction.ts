import type pg from 'pg';

/**
 * The one place that writes `begin`/`commit`/`rollback` (eslint bans them elsewhere; ADR 0010).
 * Runs `fn` in one transaction on its own connection: commit on success, rollback on any throw.
 */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await inTransaction(client, fn);
  } finally {
    client.release();
  }
}

/**
 * The same on a connection the caller holds and keeps, e.g. one that carries a session advisory
 * lock across several transactions. The caller releases it.
 */
export async function inTransaction<C extends pg.PoolClient, T>(client: C, fn: (client: C) => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  }
}
