import { readFileSync } from 'node:fs';
import { Logger, runOnce, type Task } from 'graphile-worker';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTestPool } from '../../tests/support/test-db';
import { jobSpecRow } from './job-spec';
import {
  assertGraphileWorkerVersion,
  dropJobsIfUnlocked,
  GRAPHILE_WORKER_VERSION,
  installedGraphileWorkerVersion,
  jobsWaitingSql,
  quietAddJobsCte,
  quietJobTaskCte,
  readLaneJobs,
  unlocksJobQueues,
  untriedJobWithKeySql,
} from './graphile-internals';

/**
 * Every use of Graphile Worker's private tables and statements (db/jobs/graphile-internals.ts),
 * checked against the real Graphile schema and runner. An upgrade of graphile-worker: run this file.
 */
const { pool } = await useTestPool({ max: 4 });
const silent = new Logger(() => () => {});
const one = async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows[0] as T;
const clear = () => pool.query('delete from graphile_worker._private_jobs');

/** Runs every job that is due with a real Graphile runner (again while any is left: a queue's next job waits for the last one's unlock). */
async function runDue(taskList: Record<string, Task>, db: pg.Pool = pool): Promise<void> {
  // A queue stays locked until Graphile has written the previous job's completion, which it does
  // after the task returns: a runOnce in between finds nothing to take. So: again, for up to 10 s.
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    await runOnce({ pgPool: db, taskList, logger: silent, noHandleSignals: true });
    const left = await one<{ n: number }>('select count(*)::int as n from graphile_worker._private_jobs where run_at <= now() and attempts = 0');
    if (left.n === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the pinned version', () => {
  it('package.json pins graphile-worker exactly, at the version this module was written against, and that is what is installed', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies['graphile-worker']).toBe(GRAPHILE_WORKER_VERSION);
    expect(installedGraphileWorkerVersion()).toBe(GRAPHILE_WORKER_VERSION);
    expect(() => assertGraphileWorkerVersion()).not.toThrow();
  });

  it('refuses another version at boot, saying what to do', () => {
    expect(() => assertGraphileWorkerVersion('0.18.0')).toThrow(/graphile-worker 0\.18\.0 is installed, but Replypilot is built against 0\.17\.3.*npm ci/);
  });
});

describe('jobs added without add_jobs (quietAddJobsCte)', () => {
  it('writes the row add_jobs writes for the same keyless spec, and a real runner runs it with its payload', async () => {
    await clear();
    await pool.query(`select graphile_worker.add_jobs(array[${jobSpecRow('outbound.send', { payload: `'{"ledgerIds":["a"]}'::json`, runAt: 'now()' })}])`);
    await pool.query(
      `with ${quietJobTaskCte('outbound.send', 't')}, ${quietAddJobsCte('outbound.send', 'j', {
        taskCte: 't',
        from: '(select 1) x',
        payload: `'{"ledgerIds":["b"]}'::json`,
        runAt: 'now()',
        priority: -1,
      })} select count(*) from j`,
    );
    const { rows } = await pool.query(
      `select t.identifier, j.max_attempts, j.priority, j.key, j.job_queue_id, j.flags, j.attempts, j.is_available, j.locked_at
       from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id order by j.id`,
    );
    expect(rows).toHaveLength(2);
    // The same columns as add_jobs' row, but the priority asked for.
    expect({ ...rows[1], priority: 0 }).toEqual({ ...rows[0], priority: 0 });
    expect(rows[1].priority).toBe(-1);
    const seen: unknown[] = [];
    await runDue({ 'outbound.send': async (payload) => void seen.push(payload) });
    expect(seen).toEqual(expect.arrayContaining([{ ledgerIds: ['a'] }, { ledgerIds: ['b'] }]));
    // Completed (Graphile writes a completion after the task returns).
    await expect.poll(async () => (await one<{ n: number }>('select count(*)::int as n from graphile_worker._private_jobs')).n).toBe(0);
  });
});

describe('reads of the job table', () => {
  it('untriedJobWithKeySql: a waiting job never tried, not one a worker took or tried', async () => {
    await clear();
    await pool.query(`select graphile_worker.add_job('internals.test', '{}'::json, job_key => 'k:1')`);
    const untried = async () => (await one<{ yes: boolean }>(`select ${untriedJobWithKeySql("'k:1'")} as yes`)).yes;
    expect(await untried()).toBe(true);
    await pool.query(`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'w', attempts = 1`);
    expect(await untried()).toBe(false);
    await pool.query(`update graphile_worker._private_jobs set locked_at = null, locked_by = null`);
    // Tried once and failed: its batch was read, so a new event needs a new wake.
    expect(await untried()).toBe(false);
  });

  it('jobsWaitingSql: a job due a while with no worker on it, not one in a locked queue, taken, or due later', async () => {
    await clear();
    const waiting = async () => (await one<{ yes: boolean }>(`select ${jobsWaitingSql(200)} as yes`)).yes;
    await pool.query(`select graphile_worker.add_job('internals.test', '{}'::json, run_at => now() + interval '1 hour')`);
    expect(await waiting()).toBe(false);
    await pool.query(`select graphile_worker.add_job('internals.test', '{}'::json, queue_name => 'q-locked', run_at => now() - interval '1 second')`);
    await pool.query(`update graphile_worker._private_job_queues set locked_at = now(), locked_by = 'w' where queue_name = 'q-locked'`);
    expect(await waiting()).toBe(false);
    await pool.query(`select graphile_worker.add_job('internals.test', '{}'::json, run_at => now() - interval '1 second')`);
    expect(await waiting()).toBe(true);
    await pool.query(`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'w' where job_queue_id is null`);
    expect(await waiting()).toBe(false);
  });

  it('readLaneJobs lists a queue’s due jobs in the order the runner takes them', async () => {
    await clear();
    for (const [n, ago] of [
      [1, 3],
      [2, 1],
      [3, 2],
      [4, -60],
    ] as const) {
      await pool.query(
        `select graphile_worker.add_job('run.webhook', json_build_object('n', $1::int), queue_name => 'lane-q', priority => 5, run_at => now() - make_interval(secs => $2))`,
        [n, ago],
      );
    }
    const listed = await readLaneJobs(pool, { queue: 'lane-q', task: 'run.webhook', priority: 5, limit: 10 });
    expect(listed.map((j) => (j.payload as { n: number }).n)).toEqual([1, 3, 2]);
    const ran: number[] = [];
    await runDue({ 'run.webhook': async (payload) => void ran.push((payload as { n: number }).n) });
    expect(ran).toEqual([1, 3, 2]);
  });
});

it('dropJobsIfUnlocked deletes waiting jobs and leaves one a worker holds (synchronously or with its commit not waited for)', async () => {
  await clear();
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push((await one<{ id: string }>(`select id::text from graphile_worker.add_job('internals.test', '{}'::json)`)).id);
  await pool.query(`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'w' where id = $1`, [ids[2]]);
  await dropJobsIfUnlocked(pool, [ids[0]!, ids[2]!]);
  await dropJobsIfUnlocked(pool, [ids[1]!], { asyncCommit: true });
  expect((await pool.query('select id::text from graphile_worker._private_jobs')).rows).toEqual([{ id: ids[2] }]);
});

it("unlocksJobQueues recognises the statement Graphile sends when a queued job's completion unlocks its queue, and no other", async () => {
  await clear();
  const texts: string[] = [];
  const recording = new Proxy(pool, {
    get(t, prop) {
      if (prop === 'connect')
        return async () => {
          const client = await t.connect();
          return new Proxy(client, {
            get(c, p) {
              if (p === 'query')
                return (...args: unknown[]) => {
                  const config = args[0] as string | { text?: string };
                  texts.push(typeof config === 'string' ? config : (config.text ?? ''));
                  return (c.query as (...a: unknown[]) => unknown).apply(c, args);
                };
              const value: unknown = Reflect.get(c, p, c);
              return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(c) : value;
            },
          });
        };
      const value: unknown = Reflect.get(t, prop, t);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
  });
  await pool.query(`select graphile_worker.add_job('queued.test', '{}'::json, queue_name => 'nudge-q')`);
  await runDue({ 'queued.test': async () => undefined }, recording);
  await expect.poll(async () => (await one<{ n: number }>('select count(*)::int as n from graphile_worker._private_jobs')).n).toBe(0);
  expect(texts.filter(unlocksJobQueues).length).toBeGreaterThanOrEqual(1);
  expect(unlocksJobQueues('select 1 from graphile_worker._private_job_queues where locked_by is null')).toBe(false);
});
