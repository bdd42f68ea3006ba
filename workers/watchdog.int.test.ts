import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { spawnWorker } from '../tests/support/worker-process';
import { startWatchdog } from './watchdog';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ role: 'worker' });
});
afterAll(() => t.stop());

const quiet = { warn: () => {}, error: () => {} };

describe('watchdog', () => {
  it('releases the jobs of a worker whose process is gone at once, without waiting for its heartbeat to go stale', async () => {
    const pool = t.app.database.pool;
    const space = (await pool.query<{ hostname: string }>('select hostname from worker_heartbeats limit 1')).rows[0]?.hostname;
    expect(space, 'the app worker writes a heartbeat with its process table').toBeTruthy();
    // A pid that existed and is gone: a child that already exited.
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid;
    // The app's own watchdog ticks meanwhile: the dead worker's heartbeat and its lock appear in
    // one transaction, so that watchdog sees both or neither (never a heartbeat it deletes before
    // the lock exists, which would leave the lock to wait for staleness).
    const job = (await pool.query<{ id: string }>(`select id from graphile_worker.add_job('watchdog.test', '{}'::json, run_at := now() + interval '1 hour')`))
      .rows[0]!.id;
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(`update graphile_worker._private_jobs set locked_by = 'crashed-worker', locked_at = now() where id = $1`, [job]);
      await client.query(`insert into worker_heartbeats (worker_id, hostname, pid, last_seen) values ('crashed-worker', $1, $2, now())`, [space, deadPid]);
      await client.query('commit');
    } finally {
      client.release();
    }

    const dog = startWatchdog(pool, { staleAfterMs: 60 * 60 * 1000, log: quiet });
    await dog.tick();
    await dog.stop();

    const row = (await pool.query<{ locked_by: string | null }>('select locked_by from graphile_worker._private_jobs where id = $1', [job])).rows[0]!;
    expect(row.locked_by).toBeNull();
    expect((await pool.query(`select 1 from worker_heartbeats where worker_id = 'crashed-worker'`)).rowCount).toBe(0);
  });

  it("keeps a dead worker's heartbeat when releasing its jobs fails, so the next sweep releases them", async () => {
    const pool = t.app.database.pool;
    const space = (await pool.query<{ hostname: string }>('select hostname from worker_heartbeats limit 1')).rows[0]!.hostname;
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid;
    const job = (await pool.query<{ id: string }>(`select id from graphile_worker.add_job('watchdog.test', '{}'::json, run_at := now() + interval '1 hour')`))
      .rows[0]!.id;
    await pool.query(`update graphile_worker._private_jobs set locked_by = 'crashed-twice', locked_at = now() where id = $1`, [job]);
    await pool.query(`insert into worker_heartbeats (worker_id, hostname, pid, last_seen) values ('crashed-twice', $1, $2, now())`, [space, deadPid]);
    // A survivor's transaction holds the job row (as Graphile's own queries do under load); this
    // watchdog's connections give up on a row lock after 200 ms, so its unlock fails.
    const impatient = new pg.Pool({ connectionString: t.db.url, max: 2, options: '-c lock_timeout=200' });
    const holder = await pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from graphile_worker._private_jobs where id = $1 for update', [job]);
      const dog = startWatchdog(impatient, { staleAfterMs: 60 * 60 * 1000, log: quiet });
      await expect(dog.tick()).rejects.toThrow(/lock timeout/);
      expect((await pool.query(`select 1 from worker_heartbeats where worker_id = 'crashed-twice'`)).rowCount).toBe(1);
      await holder.query('commit');
      await dog.tick();
      await dog.stop();
    } finally {
      holder.release();
      await impatient.end();
    }
    expect(
      (await pool.query<{ locked_by: string | null }>('select locked_by from graphile_worker._private_jobs where id = $1', [job])).rows[0]!.locked_by,
    ).toBeNull();
    expect((await pool.query(`select 1 from worker_heartbeats where worker_id = 'crashed-twice'`)).rowCount).toBe(0);
  });

  it('beats for the worker pool id, which is what Graphile 0.17 locks jobs with (jobs.locked_by)', async () => {
    const pool = t.app.database.pool;
    const beating = (await pool.query<{ worker_id: string }>('select worker_id from worker_heartbeats')).rows.map((r) => r.worker_id);
    expect(beating.length).toBeGreaterThan(0);
    expect(beating.every((id) => id.startsWith('pool-'))).toBe(true);
  });

  it('a worker that stops gracefully takes its heartbeats with it, so no survivor reports it dead', async () => {
    const pool = t.app.database.pool;
    const worker = spawnWorker(t.db.url);
    await worker.ready;
    const pid = worker.child.pid!;
    await expect.poll(async () => (await pool.query('select 1 from worker_heartbeats where pid = $1', [pid])).rowCount).toBeGreaterThan(0);
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect((await pool.query('select worker_id from worker_heartbeats where pid = $1', [pid])).rows).toEqual([]);
  });

  it('leaves a live worker of the same process table alone', async () => {
    const pool = t.app.database.pool;
    const live = (await pool.query<{ worker_id: string }>('select worker_id from worker_heartbeats limit 1')).rows[0]!.worker_id;
    const dog = startWatchdog(pool, { staleAfterMs: 60 * 60 * 1000, log: quiet });
    await dog.tick();
    await dog.stop();
    expect((await pool.query('select 1 from worker_heartbeats where worker_id = $1', [live])).rowCount).toBe(1);
  });
});
