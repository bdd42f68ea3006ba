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

/**
 * `pool` whose checked-out clients record the `synchronous_commit` in effect at each of their
 * commits (ADR 0030), read inside the transaction just before it commits. Their sessions start
 * from `on` (the test cluster's default is off), as a production server's do.
 */
export function recordCommitSettings(pool: pg.Pool): { pool: pg.Pool; commits: string[] } {
  const commits: string[] = [];
  const connect = async () => {
    const client = await pool.connect();
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
    await query('set synchronous_commit = on');
    const release = client.release.bind(client);
    Object.assign(client, {
      query: async (...args: unknown[]) => {
        if (args[0] === 'commit') commits.push((await query("select current_setting('synchronous_commit') as s")).rows[0]!.s as string);
        return query(...args);
      },
      release: (err?: Error | boolean) => {
        delete (client as { query?: unknown }).query; // the prototype's again
        void query('reset synchronous_commit')
          .catch(() => undefined)
          .finally(() => release(err));
      },
    });
    return client;
  };
  const recording = new Proxy(pool, {
    get(target, prop) {
      if (prop === 'connect') return connect;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { pool: recording, commits };
}
