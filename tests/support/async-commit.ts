import type pg from 'pg';
import { expect } from 'vitest';

/**
 * Checks that `run`'s statement turns synchronous_commit off for its own transaction only (ADR 0029:
 * committed without waiting for its WAL flush). Seen inside a transaction that is rolled back: off
 * after `run`, the session's own setting (on) again after the rollback. `run` gets that
 * transaction's client as a Pool-shaped `query`.
 */
export async function expectCommitsAsynchronously(pool: pg.Pool, run: (db: pg.Pool) => Promise<unknown>): Promise<void> {
  const c = await pool.connect();
  const setting = async () => (await c.query<{ s: string }>("select current_setting('synchronous_commit') as s")).rows[0]!.s;
  try {
    await c.query('set synchronous_commit = on'); // the test cluster's default may be off
    await c.query('begin');
    await run({ query: c.query.bind(c) } as unknown as pg.Pool);
    expect(await setting()).toBe('off');
    await c.query('rollback');
    expect(await setting()).toBe('on');
    await c.query('reset synchronous_commit');
  } finally {
    c.release();
  }
}
