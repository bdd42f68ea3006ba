import { EventEmitter } from 'node:events';
import os from 'node:os';
import type { WorkerEvents } from 'graphile-worker';
import type pg from 'pg';

export interface Watchdog {
  /** Pass to graphile-worker's `run({ events })` so worker ids are known from the start. */
  events: WorkerEvents;
  /** One heartbeat + sweep now (tests). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Heartbeats for this process's Graphile workers, and a sweep that force-unlocks the jobs of
 * workers whose heartbeat went stale (design record §3: "a dead worker's locked jobs are
 * recovered by a heartbeat watchdog (forceUnlockWorkers)"). Every worker process runs both, so
 * any survivor recovers the dead one's jobs.
 */
export function startWatchdog(
  pool: pg.Pool,
  opts: { staleAfterMs: number; log: { warn: (msg: string) => void; error: (obj: object, msg: string) => void } },
): Watchdog {
  const events = new EventEmitter() as WorkerEvents;
  const ids = new Set<string>();
  events.on('worker:create', ({ worker }) => ids.add(worker.workerId));
  events.on('worker:stop', ({ worker }) => ids.delete(worker.workerId));

  const beat = async () => {
    if (ids.size === 0) return;
    await pool.query(
      `insert into worker_heartbeats (worker_id, hostname, pid, last_seen)
       select unnest($1::text[]), $2, $3, now()
       on conflict (worker_id) do update set last_seen = now()`,
      [[...ids], os.hostname(), process.pid],
    );
  };

  const sweep = async () => {
    const { rows } = await pool.query<{ ids: string[] | null }>(
      `with dead as (
         delete from worker_heartbeats where last_seen < now() - make_interval(secs => $1 / 1000.0) returning worker_id
       ), orphans as (
         -- locks held by workers that never managed a heartbeat (killed within their first beat)
         select distinct locked_by as worker_id from graphile_worker.jobs j
         where locked_by is not null and locked_at < now() - make_interval(secs => $1 / 1000.0)
           and not exists (select 1 from worker_heartbeats h where h.worker_id = j.locked_by)
           and not (locked_by = any($2::text[]))
       )
       select array_agg(worker_id) as ids from (select worker_id from dead union select worker_id from orphans) x`,
      [opts.staleAfterMs, [...ids]],
    );
    const dead = rows[0]?.ids ?? [];
    if (dead.length > 0) {
      await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [dead]);
      opts.log.warn(`watchdog released the jobs of ${dead.length} dead worker(s): ${dead.join(', ')}`);
    }
  };

  const tick = async () => {
    await beat();
    await sweep();
  };
  const period = Math.max(250, Math.floor(opts.staleAfterMs / 4));
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = tick()
      .catch((err: unknown) => opts.log.error({ err }, 'watchdog tick failed'))
      .finally(() => (running = undefined));
  }, period);
  timer.unref();

  return {
    events,
    tick,
    async stop() {
      clearInterval(timer);
      await running;
      if (ids.size > 0) await pool.query('delete from worker_heartbeats where worker_id = any($1::text[])', [[...ids]]).catch(() => {});
    },
  };
}
