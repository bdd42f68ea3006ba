import { setTimeout as sleep } from 'node:timers/promises';
import { EventEmitter } from 'node:events';
import { run, type Runner, type WorkerEvents, type WorkerPool } from 'graphile-worker';
import type pg from 'pg';
import { expect, it } from 'vitest';
import { useTestPool } from '../tests/support/test-db';
import { nudgeAfterQueueUnlocks } from './queue-nudge';
import { unlocksJobQueues } from '../db/jobs/graphile-internals';

const { pool } = await useTestPool({ max: 6 });

/**
 * Two jobs of one named queue, the second added while the first runs, with the worker settings of
 * workers/worker.ts (2 s poll, completions batched at 0 ms): when does the second start after the
 * first returned? Without a nudge it waits for some other job's NOTIFY or the poll.
 */
async function secondJobWait(graphilePool: pg.Pool, onPool: (workerPool: WorkerPool) => void): Promise<number> {
  const marks: Record<string, number> = {};
  let runner: Runner | undefined;
  const events: WorkerEvents = new EventEmitter();
  events.on('pool:create', ({ workerPool }) => onPool(workerPool));
  try {
    runner = await run({
      pgPool: graphilePool,
      concurrency: 2,
      pollInterval: 2000,
      noHandleSignals: true,
      events,
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
      taskList: {
        'nudge.test': async (payload) => {
          const { name } = payload as { name: string };
          marks[`${name}:start`] = performance.now();
          if (name === 'first') {
            // The second is queued (and its NOTIFY heard) while the first holds the queue.
            await runner!.addJob('nudge.test', { name: 'second' }, { queueName: 'nudge-queue' });
            await sleep(100);
          }
          marks[`${name}:end`] = performance.now();
        },
      },
    });
    await runner.addJob('nudge.test', { name: 'first' }, { queueName: 'nudge-queue' });
    await expect.poll(() => marks['second:start'], { timeout: 5_000, interval: 10 }).toBeDefined();
    return marks['second:start']! - marks['first:end']!;
  } finally {
    await runner?.stop();
  }
}

/**
 * The pool with Graphile's queue-unlocking statements sent `ms` late: the worker's next fetch then
 * always runs before the finished job's completion commits, as it usually does (on a loaded machine
 * the completion sometimes wins the race, and the wait does not happen).
 */
function slowQueueUnlocks(target: pg.Pool, ms: number): pg.Pool {
  const client = (c: pg.PoolClient): pg.PoolClient =>
    new Proxy(c, {
      get(t, prop) {
        if (prop === 'query')
          return async (...args: unknown[]) => {
            const config = args[0] as string | { text?: string };
            if (unlocksJobQueues(typeof config === 'string' ? config : (config.text ?? ''))) await sleep(ms);
            return (t.query as (...a: unknown[]) => unknown)(...args);
          };
        const value: unknown = Reflect.get(t, prop, t);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
      },
    });
  return new Proxy(target, {
    get(t, prop) {
      if (prop === 'connect')
        return (...args: unknown[]) => (args.length > 0 ? (t.connect as (...a: unknown[]) => unknown)(...args) : t.connect().then(client));
      const value: unknown = Reflect.get(t, prop, t);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
  });
}

it('reproduces the wait it fixes: without the nudge, the queued job waits for the 2 s poll', async () => {
  // If a Graphile upgrade makes this pass quickly, the wrapper is no longer needed (queue-nudge.ts).
  expect(await secondJobWait(slowQueueUnlocks(pool, 50), () => undefined)).toBeGreaterThan(1_500);
});

it("starts a queue's next job once the finished one's completion commits, not at the next poll", async () => {
  const nudges: number[] = [];
  let workerPool: WorkerPool | undefined;
  const wrapped = nudgeAfterQueueUnlocks(pool, (n) => {
    nudges.push(n);
    workerPool?.nudge(n);
  });
  const waits: number[] = [];
  for (let i = 0; i < 3; i++) waits.push(await secondJobWait(wrapped, (p) => (workerPool = p)));
  // The same with the completion sent late (the case the first test forces): the nudge follows it.
  const late = nudgeAfterQueueUnlocks(slowQueueUnlocks(pool, 50), (n) => {
    nudges.push(n);
    workerPool?.nudge(n);
  });
  waits.push(await secondJobWait(late, (p) => (workerPool = p)));
  // Each run: the first job's completion unlocked the queue and nudged one worker.
  expect(nudges.length).toBeGreaterThanOrEqual(4);
  expect(nudges.every((n) => n >= 1)).toBe(true);
  // Well under the 2 s poll every time (a fetch and a commit on a loaded CI machine, and the 50 ms delay).
  expect(Math.max(...waits)).toBeLessThan(500);
});

it('passes every other use of the pool through unchanged', async () => {
  const nudges: number[] = [];
  const wrapped = nudgeAfterQueueUnlocks(pool, (n) => nudges.push(n));
  expect((await wrapped.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  const client = await wrapped.connect();
  try {
    expect((await client.query({ text: 'select $1::int as n', values: [7] })).rows).toEqual([{ n: 7 }]);
    // The text alone decides: a statement unlocking no queue nudges nobody, one that does nudges once per job it names.
    await client.query('select 1 from graphile_worker._private_job_queues where locked_by is null limit 0');
    expect(nudges).toEqual([]);
    await client.query({
      text: 'update graphile_worker._private_job_queues set locked_by = null, locked_at = null where id = any($1::int[])',
      values: [[-1, -2]],
    });
    expect(nudges).toEqual([2]);
  } finally {
    client.release();
  }
  // The LISTEN client Graphile checks out with a callback is the pool's own.
  const listener = await new Promise<pg.PoolClient>((resolve, reject) => {
    wrapped.connect((err, c) => (err || !c ? reject(err ?? new Error('no client')) : resolve(c)));
  });
  listener.release();
  expect(wrapped.listeners('error')).toEqual(pool.listeners('error'));
});
