import { EventEmitter } from 'node:events';
import { readFileSync, readlinkSync } from 'node:fs';
import os from 'node:os';
import type { WorkerEvents } from 'graphile-worker';
import type pg from 'pg';
import { beatWorkers, deleteHeartbeats, forceUnlockWorkers, heartbeatsOnHost, staleWorkers } from '../db/ops/worker-heartbeats';

/**
 * Which process table a pid belongs to: host name, boot and PID namespace (Linux). Two containers
 * may share a host name, and a restarted one may reuse its pids, but never all three. Undefined
 * where /proc is absent: then only stale heartbeats count as dead.
 */
function pidSpace(): string | undefined {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${os.hostname()}#${boot}#${readlinkSync('/proc/self/ns/pid')}`;
  } catch {
    return undefined;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Every live Graphile worker pool id in this process, across watchdogs (tests run several apps in one process). */
const workersOfThisProcess = new Set<string>();

export interface Watchdog {
  /** Pass to graphile-worker's `run({ events })` so pool ids are known from the start. */
  events: WorkerEvents;
  /** One heartbeat + sweep now (tests). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Heartbeats for this process's Graphile workers, and a sweep that force-unlocks the jobs of
 * workers whose heartbeat went stale (ARCHITECTURE.md#flow-runtime: "a dead worker's locked jobs are
 * recovered by a heartbeat watchdog (forceUnlockWorkers)"). Every worker process runs both, so
 * any survivor recovers the dead one's jobs.
 */
export function startWatchdog(
  pool: pg.Pool,
  opts: { staleAfterMs: number; log: { warn: (msg: string) => void; error: (obj: object, msg: string) => void } },
): Watchdog {
  const events = new EventEmitter() as WorkerEvents;
  const ids = new Set<string>();
  const space = pidSpace();
  let firstTick: NodeJS.Timeout | undefined;
  // Graphile Worker 0.17 locks jobs by worker *pool* id (jobs.locked_by), so that is what beats.
  events.on('pool:create', ({ workerPool }) => {
    ids.add(workerPool.id);
    workersOfThisProcess.add(workerPool.id);
    // A restart after kill -9: release what the previous process held now, not a period later.
    firstTick ??= setTimeout(() => void tick().catch((err: unknown) => opts.log.error({ err }, 'watchdog tick failed')), 0);
  });
  // Released pools hold no jobs: their heartbeats go at stop(), so no survivor mistakes a clean
  // shutdown for a death ("released the jobs of 1 dead worker(s)" after every restart).
  const released = new Set<string>();
  events.on('pool:release', ({ workerPool }) => {
    ids.delete(workerPool.id);
    released.add(workerPool.id);
    workersOfThisProcess.delete(workerPool.id);
  });

  const beat = async () => {
    if (ids.size === 0) return;
    await beatWorkers(pool, [...ids], space ?? os.hostname(), process.pid);
  };

  /**
   * Workers of this same process table whose process is gone, or whose pid is now ours but which
   * are not among this process's workers (a restarted container reuses pids): dead for certain,
   * however fresh their last heartbeat. Saves the stale wait after a crash and restart.
   */
  const goneHere = async (): Promise<string[]> => {
    if (!space) return [];
    const rows = await heartbeatsOnHost(pool, space);
    return rows.filter((r) => !workersOfThisProcess.has(r.worker_id) && (r.pid === process.pid || !pidAlive(r.pid))).map((r) => r.worker_id);
  };

  const sweep = async () => {
    const gone = await goneHere();
    const dead = [...new Set([...gone, ...(await staleWorkers(pool, opts.staleAfterMs, [...ids]))])];
    if (dead.length > 0) {
      // Unlock first, then forget: if the unlock fails (a deadlock with a survivor's job query under
      // load), the heartbeat is still there and the next sweep retries it.
      await forceUnlockWorkers(pool, dead);
      await deleteHeartbeats(pool, dead);
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
      clearTimeout(firstTick);
      await running;
      const mine = [...ids, ...released];
      await deleteHeartbeats(pool, mine).catch(() => {});
    },
  };
}
