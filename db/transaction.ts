import type pg from 'pg';

/**
 * The one place that writes `begin`/`commit`/`rollback` (eslint bans them elsewhere; ADR 0010).
 * Runs `fn` in one transaction on its own connection: commit on success, rollback on any throw.
 */
export async function withTransaction<R>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<R>): Promise<Unwrapped<R>> {
  const client = await pool.connect();
  try {
    return await inTransaction(client, fn);
  } finally {
    client.release();
  }
}

/**
 * An answer that rolls the transaction back without throwing: `return rollback('missing')` from
 * the callback undoes its writes (and releases its row locks) and hands 'missing' to the caller.
 */
export class Rollback<V> {
  constructor(readonly value: V) {}
}
export const rollback = <V>(value: V) => new Rollback(value);
type Unwrapped<R> = R extends Rollback<infer V> ? V : R;

/**
 * The same on a connection the caller holds and keeps, e.g. one that carries a session advisory
 * lock across several transactions. The caller releases it.
 */
export async function inTransaction<C extends pg.PoolClient, R>(client: C, fn: (client: C) => Promise<R>): Promise<Unwrapped<R>> {
  await client.query('begin');
  let result: R;
  try {
    result = await fn(client);
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  }
  if (result instanceof Rollback) {
    await client.query('rollback');
    return result.value as Unwrapped<R>;
  }
  await client.query('commit');
  return result as Unwrapped<R>;
}
