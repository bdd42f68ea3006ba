/**
 * Runs one named shutdown step. One that is still running after `slowMs` is logged then (so a stop
 * that never ends still says where it is stuck) and again with its time when it ends.
 */
export async function timedStep(log: { warn(obj: object, msg: string): void }, step: string, fn: () => Promise<void>, slowMs = 5_000): Promise<void> {
  const started = performance.now();
  const slow = setTimeout(() => log.warn({ step, afterMs: slowMs }, 'shutdown step still running'), slowMs);
  try {
    await fn();
  } finally {
    clearTimeout(slow);
    const ms = Math.round(performance.now() - started);
    if (ms >= slowMs) log.warn({ step, ms }, 'slow shutdown step ended');
  }
}
