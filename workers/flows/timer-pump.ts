import type pg from 'pg';
import { pumpDueTimers } from '../../db/flows/pump-due-timers';

export interface TimerPump {
  stop(): Promise<void>;
}

/** Pumps every `intervalMs`, and again at once while batches come back full. */
export function startTimerPump(pool: pg.Pool, opts: { intervalMs: number; onError: (err: unknown) => void; onOk?: () => void }): TimerPump {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    if (stopped) return;
    let moved = 0;
    try {
      moved = await pumpDueTimers(pool);
      opts.onOk?.();
    } catch (err) {
      opts.onError(err);
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), moved >= 5000 ? 0 : opts.intervalMs);
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
