import type { RunStep } from '@contracts/flows';
import { cn } from '../../lib/cn';
import { formatMessageTime } from '../../lib/format-time';
import { AiAnswerSummary } from './ai-answer-summary';
import { JsonBlock } from './json-block';
import { RunStatusBadge } from './run-status-badge';
import { hasContent, kindLabel as labelOfKind, stepDuration } from './runs.helpers';

const dotTone: Record<RunStep['status'], string> = {
  running: 'bg-sky-500 ring-sky-100 dark:ring-sky-500/20',
  waiting: 'bg-amber-500 ring-amber-100 dark:ring-amber-500/20',
  sleeping: 'bg-indigo-500 ring-indigo-100 dark:ring-indigo-500/20',
  completed: 'bg-emerald-500 ring-emerald-100 dark:ring-emerald-500/20',
  failed: 'bg-red-500 ring-red-100 dark:ring-red-500/20',
  skipped: 'bg-slate-400 ring-slate-100 dark:ring-slate-500/20',
};

interface RunStepItemProps {
  step: RunStep;
  last: boolean;
}

/** One step on the timeline: what ran, how it ended, how long it took, and its data. */
export function RunStepItem({ step, last }: RunStepItemProps) {
  const kindLabel = labelOfKind(step.kind);
  const duration = stepDuration(step);
  return (
    <li className="relative flex gap-4 pb-6 last:pb-0" data-step-seq={step.seq} data-status={step.status}>
      {!last && <span aria-hidden="true" className="absolute top-5 bottom-0 left-[9px] w-px bg-slate-200 dark:bg-slate-700" />}
      <span aria-hidden="true" className={cn('relative mt-1 h-[18px] w-[18px] shrink-0 rounded-full ring-4', dotTone[step.status] ?? dotTone.skipped)} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
            <span className="mr-1.5 text-slate-500 tabular-nums dark:text-slate-400">{step.seq}.</span>
            {step.label || kindLabel}
          </h3>
          {step.label && step.label !== kindLabel && (
            <span className="rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-400">{kindLabel}</span>
          )}
          <RunStatusBadge status={step.status} />
          {step.attempts > 1 && <span className="text-xs font-medium text-amber-700 dark:text-amber-400">{step.attempts} attempts</span>}
        </div>
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          <time dateTime={step.startedAt} title={new Date(step.startedAt).toLocaleString()}>
            {formatMessageTime(step.startedAt)}
          </time>
          {duration && <> · {step.finishedAt ? `took ${duration}` : `${duration} so far`}</>}
        </p>
        {step.error && (
          <p
            role="note"
            className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm break-words text-red-700 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
          >
            {step.error}
          </p>
        )}
        {step.kind === 'aiReply' && <AiAnswerSummary output={step.output} />}
        {(hasContent(step.input) || hasContent(step.output)) && (
          <div className="mt-2 grid gap-2">
            {hasContent(step.input) && <JsonBlock label="Input" value={step.input} />}
            {hasContent(step.output) && <JsonBlock label="Output" value={step.output} />}
          </div>
        )}
      </div>
    </li>
  );
}
