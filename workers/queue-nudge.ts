import type pg from 'pg';
import { unlocksJobQueues } from '../db/jobs/graphile-internals';

/**
 * Graphile Worker's pool, given a nudge once a statement that unlocks named job queues has returned.
 *
 * Graphile marks a finished job done after the job returns, in a batch of its own, while the worker
 * that ran it asks for its next job at once: before that write commits. A job waiting behind it in
 * the same named queue (a shard's next inbound batch, ADR 0020; a webhook lane's next call, ADR
 * 0009) is not yet available to that ask, and nothing else wakes a worker for it (the write sends
 * no NOTIFY): it waited for an unrelated job's NOTIFY, or for the 2 s poll on a quiet system.
 *
 * Graphile's pool is wrapped instead of Graphile itself: a checked-out client's statement whose text
 * unlocks queues (`_private_job_queues ... locked_by = null`: its completion and failure of jobs
 * that had a queue, and the reset of stale locks) calls `nudge` with the number of jobs it names,
 * after it resolved (it is one autocommitted statement, so after its commit). An idle worker of this
 * process asks again; a busy one asks again once its fetch comes back. A nudge too many costs one
 * empty fetch. The LISTEN client (checked out with a callback) is passed through as it is.
 * The statement pattern lives with Graphile's other internals (db/jobs/graphile-internals.ts), whose
 * test fails if a Graphile upgrade changes those statements.
 */
export function nudgeAfterQueueUnlocks(pool: pg.Pool, nudge: (workers: number) => void): pg.Pool {
  const client = (target: pg.PoolClient): pg.PoolClient =>
    new Proxy(target, {
      get(t, prop) {
        if (prop === 'query') return query(t);
        const value: unknown = Reflect.get(t, prop, t);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(t) : value;
      },
    });
  const query =
    (t: pg.PoolClient) =>
    (...args: unknown[]): unknown => {
      const result: unknown = (t.query as (...a: unknown[]) => unknown)(...args);
      const config = args[0] as string | { text?: string; values?: unknown[] } | undefined;
      const text = typeof config === 'string' ? config : config?.text;
      if (text !== undefined && unlocksJobQueues(text) && result instanceof Promise) {
        const values = typeof config === 'object' ? (config.values ?? (args[1] as unknown[] | undefined)) : (args[1] as unknown[] | undefined);
        const first = values?.[0];
        const jobs = Array.isArray(first) ? first.length : 1;
        result.then(
          () => {
            try {
              nudge(Math.max(1, jobs));
            } catch {
              // The worker pool is shutting down (its workers refuse nudges): nothing to wake.
            }
          },
          () => undefined,
        );
      }
      return result;
    };
  return new Proxy(pool, {
    get(t, prop) {
      if (prop === 'connect')
        return (...args: unknown[]) => {
          if (args.length > 0) return (t.connect as (...a: unknown[]) => unknown)(...args);
          return t.connect().then(client);
        };
      const value: unknown = Reflect.get(t, prop, t);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(t) : value;
    },
  });
}
