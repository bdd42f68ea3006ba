import { describe, expect, it } from 'vitest';
import { useTestPool } from '../../tests/support/test-db';
import { startTimerPump } from './timer-pump';

// The timer pump's statement also says when a Graphile job has been runnable for a while with no
// worker on it (no NOTIFY woke one: paced for later, its queue was locked), so the worker nudges one.

const { pool } = await useTestPool({ max: 3 });

async function pumpOnce(): Promise<boolean> {
  let waiting = false;
  await new Promise<void>((resolve, reject) => {
    const pump = startTimerPump(pool, {
      intervalMs: 60_000,
      onError: reject,
      onJobsWaiting: () => {
        waiting = true;
      },
      onOk: () => void pump.stop().then(resolve, reject),
    });
  });
  return waiting;
}

const addJob = (runAt: string, queue: string | null) =>
  pool.query(`select graphile_worker.add_job('outbound.sends', '{"ledgerIds":[]}'::json, queue_name => $2, run_at => now() + $1::interval)`, [runAt, queue]);

describe('timer pump: jobs runnable with no worker on them', () => {
  it('reports a job due for over 200 ms, not one due later, taken, or behind a locked queue', async () => {
    await pool.query('delete from graphile_worker._private_jobs');
    expect(await pumpOnce()).toBe(false);
    await addJob('10 seconds', null);
    expect(await pumpOnce()).toBe(false);
    await addJob('-1 second', 'q1');
    expect(await pumpOnce()).toBe(true);
    // Its queue locked (a job of the queue running): it cannot run yet.
    await pool.query("update graphile_worker._private_job_queues set locked_at = now(), locked_by = 'w' where queue_name = 'q1'");
    expect(await pumpOnce()).toBe(false);
    // Unlocked again, but the job itself taken by a worker.
    await pool.query('update graphile_worker._private_job_queues set locked_at = null, locked_by = null');
    await pool.query("update graphile_worker._private_jobs set locked_at = now(), locked_by = 'w'");
    expect(await pumpOnce()).toBe(false);
  });
});
