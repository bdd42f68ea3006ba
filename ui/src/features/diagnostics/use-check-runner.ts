import { useCallback, useRef, useState } from 'react';
import type { CheckRun, DiagnosticCheck } from './diagnostic.types';

const PAUSE_BETWEEN_CHECKS_MS = 100; // docs/product-spec.md §4: runs pause 100 ms between checks

const initialRuns = (checks: DiagnosticCheck[]): CheckRun[] => checks.map((check) => ({ check, state: 'pending' }));

/** Runs checks one after another, exposing each one's state for the diagnostic pages. */
export function useCheckRunner(checks: DiagnosticCheck[]) {
  const [runs, setRuns] = useState<CheckRun[]>(() => initialRuns(checks));
  const [running, setRunning] = useState(false);
  const active = useRef(false);

  const runAll = useCallback(async () => {
    if (active.current) return;
    active.current = true;
    setRunning(true);
    setRuns(initialRuns(checks));
    for (const [index, check] of checks.entries()) {
      setRuns((prev) => prev.map((r, i) => (i === index ? { ...r, state: 'running' } : r)));
      const started = performance.now();
      const result = check.run
        ? await check.run()
        : { status: 'not_available' as const, detail: check.plannedNote ?? 'Not built yet — part of an upcoming release' };
      const durationMs = Math.round(performance.now() - started);
      setRuns((prev) => prev.map((r, i) => (i === index ? { ...r, state: 'done', result, durationMs, finishedAt: new Date() } : r)));
      await new Promise((resolve) => window.setTimeout(resolve, PAUSE_BETWEEN_CHECKS_MS));
    }
    active.current = false;
    setRunning(false);
  }, [checks]);

  const completed = runs.filter((r) => r.state === 'done').length;
  return { runs, running, runAll, completed, total: checks.length };
}
