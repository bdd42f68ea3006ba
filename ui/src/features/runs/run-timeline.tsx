import type { RunStep } from '@contracts/flows';
import { RunStepItem } from './run-step-item';

export function RunTimeline({ steps }: { steps: RunStep[] }) {
  if (steps.length === 0) {
    return <p className="text-sm text-slate-500 dark:text-slate-400">No steps have run yet.</p>;
  }
  const ordered = [...steps].sort((a, b) => a.seq - b.seq);
  return (
    <ol aria-label="Steps" className="relative">
      {ordered.map((step, i) => (
        <RunStepItem key={step.id} step={step} last={i === ordered.length - 1} />
      ))}
    </ol>
  );
}
