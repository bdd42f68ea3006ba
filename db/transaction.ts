import type pg from 'pg';

export interface TransactionOptions {
  /**
   * Commit without waiting for the WAL flush (`synchronous_commit = off` for this transaction only,
   * ADR 0030). Only for a transaction that nothing outside the database acts on before a later
   * durable commit flushes it: a crash of PostgreSQL may lose its last ~0.6 s of such commits.
   */
  asyncCommit?: boolean;
}

/** In an `asyncCommit` transaction: its commit waits for the WAL flush after all (a decision made on the way). */
export async function commitDurably(client: Pick<pg.PoolClient, 'query'>): Promise<void> {
  await client.query('set local synchronous_commit = on');
}

/**
 * The one place that writes `begin`/`commit`/`rollback` (eslint bans them elsewhere; ADR 0010).
 * Runs `fn` in one transaction on its own connection: commit on success, rollback on any throw.
 */
export async function withTransaction<R>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<R>, opts: TransactionOptions = {}): Promise<Unwrapped<R>> {
  const client = await pool.connect();
  try {
    return await inTransaction(client, fn, opts);
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
export async function inTransaction<C extends pg.PoolClient, R>(
  client: C,
  fn: (client: C) => Promise<R>,
  opts: TransactionOptions = {},
): Promise<Unwrapped<R>> {
  // One round trip either way (the simple protocol takes both statements at once).
  await client.query(opts.asyncCommit ? 'begin; set local synchronous_commit = off' : 'begin');
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
