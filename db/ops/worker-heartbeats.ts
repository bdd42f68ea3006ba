import type pg from 'pg';

type Db = Pick<pg.Pool, 'query'>;

/**
 * The heartbeats of Graphile worker pools (workers/watchdog.ts): a survivor force-unlocks the jobs
 * of workers whose heartbeat went stale (ARCHITECTURE.md#flow-runtime).
 */

/** This process's worker pools are alive now (`host`: the process table they live in, for pid checks). */
export async function beatWorkers(db: Db, workerIds: string[], host: string, pid: number): Promise<void> {
  await db.query(
    `insert into worker_heartbeats (worker_id, hostname, pid, last_seen)
     select unnest($1::text[]), $2, $3, now()
     on conflict (worker_id) do update set last_seen = now()`,
    [workerIds, host, pid],
  );
}

/** The heartbeats of workers in one process table (host name, boot and PID namespace). */
export async function heartbeatsOnHost(db: Db, host: string): Promise<{ worker_id: string; pid: number }[]> {
  const { rows } = await db.query<{ worker_id: string; pid: number }>('select worker_id, pid from worker_heartbeats where hostname = $1', [host]);
  return rows;
}

export async function deleteHeartbeats(db: Db, workerIds: string[]): Promise<void> {
  if (workerIds.length > 0) await db.query('delete from worker_heartbeats where worker_id = any($1::text[])', [workerIds]);
}

/**
 * Workers presumed dead: heartbeats older than `staleAfterMs`, and workers holding job locks that old
 * without ever having beaten (killed within their first beat), except `alive`. Nothing is deleted
 * here: the watchdog deletes a dead worker's heartbeat only once its jobs are unlocked, so a failed
 * unlock is retried on the next sweep instead of being forgotten.
 */
export async function staleWorkers(db: Db, staleAfterMs: number, alive: string[]): Promise<string[]> {
  const { rows } = await db.query<{ ids: string[] | null }>(
    `with dead as (
       select worker_id from worker_heartbeats
       where last_seen < now() - make_interval(secs => $1 / 1000.0) and not (worker_id = any($2::text[]))
     ), orphans as (
       -- locks held by workers that never managed a heartbeat (killed within their first beat)
       select distinct locked_by as worker_id from graphile_worker.jobs j
       where locked_by is not null and locked_at < now() - make_interval(secs => $1 / 1000.0)
         and not exists (select 1 from worker_heartbeats h where h.worker_id = j.locked_by)
         and not (locked_by = any($2::text[]))
     )
     select array_agg(worker_id) as ids from (select worker_id from dead union select worker_id from orphans) x`,
    [staleAfterMs, alive],
  );
  return rows[0]?.ids ?? [];
}

/** Graphile's own recovery: the jobs and queues these worker pools locked are released. */
export async function forceUnlockWorkers(db: Db, workerIds: string[]): Promise<void> {
  await db.query('select graphile_worker.force_unlock_workers($1::text[])', [workerIds]);
}
