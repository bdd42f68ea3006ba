import type pg from 'pg';
import { tuning } from '../../config/tuning';
import { pumpDueTimers } from '../../db/flows/pump-due-timers';

export interface TimerPump {
  stop(): Promise<void>;
}

/**
 * Pumps every `intervalMs`, and again at once while batches come back full. `onJobsWaiting` is
 * called when a Graphile job has been due for a while with no worker on it (db/flows/pump-due-timers.ts):
 * the caller nudges an idle worker instead of leaving the job to Graphile's 2 s poll.
 */
export function startTimerPump(
  pool: pg.Pool,
  opts: { intervalMs: number; onError: (err: unknown) => void; onOk?: () => void; onJobsWaiting?: () => void },
): TimerPump {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let full = false;
  const tick = async () => {
    if (stopped) return;
    // Behind a burst (the last batch came back full): several statements at once, each taking its
    // own timers (SKIP LOCKED), so the burst is in the queue before the runs it resumes take the CPU.
    const lanes = full ? tuning.flows.timerCatchUpStatements : 1;
    full = false;
    try {
      const pumped = await Promise.all(Array.from({ length: lanes }, () => pumpDueTimers(pool)));
      full = pumped.some((p) => p.moved >= tuning.flows.timerBatch);
      if (pumped.some((p) => p.jobsWaiting)) opts.onJobsWaiting?.();
      opts.onOk?.();
    } catch (err) {
      opts.onError(err);
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), full ? 0 : opts.intervalMs);
  };
  running = tick();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
