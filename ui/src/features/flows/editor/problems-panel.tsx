import { useState } from 'react';
import type { FlowError } from '@contracts/flows';
import { Icon } from '../../../components/icon';
import { cn } from '../../../lib/cn';
import { describeError } from '../graph/flow-errors';

interface ProblemsPanelProps {
  /** The compiler's findings, computed in the browser on every structural edit. */
  errors: FlowError[];
  /** Only a trigger (or nothing): valid for the compiler, but there is nothing to go live with. */
  empty: boolean;
  labelOf: (nodeId: string) => string | undefined;
  onSelectNode: (nodeId: string) => void;
}

/**
 * Above the canvas (never over its nodes): "Ready to go live", "Add a step", or the compiler's
 * problems (click one to select its node).
 */
export function ProblemsPanel({ errors, empty, labelOf, onSelectNode }: ProblemsPanelProps) {
  const [open, setOpen] = useState(true);
  if (errors.length === 0 && empty) {
    return (
      <p
        className="flex items-center gap-1.5 rounded-lg border border-amber-200 bg-amber-50 px-2.5 py-1.5 text-xs font-medium text-amber-800 dark:border-amber-500/30 dark:bg-amber-950/60 dark:text-amber-300"
        data-testid="flow-empty"
      >
        <Icon name="alert" size={14} /> Add a step after the trigger: press “+” under it, or pick one in the panel.
      </p>
    );
  }
  if (errors.length === 0) {
    return (
      <p
        className="flex items-center gap-1.5 rounded-lg border border-emerald-200 bg-emerald-50 px-2.5 py-1.5 text-xs font-medium text-emerald-700 dark:border-emerald-500/30 dark:bg-emerald-950/60 dark:text-emerald-300"
        data-testid="flow-valid"
      >
        <Icon name="check-circle" size={14} /> Ready to go live
      </p>
    );
  }
  return (
    <section aria-label="Problems" className="min-w-0 rounded-lg border border-red-200 bg-white text-xs dark:border-red-500/30 dark:bg-slate-900">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        className="flex w-full items-center gap-1.5 px-2.5 py-1.5 font-semibold text-red-700 dark:text-red-300"
      >
        <Icon name="alert" size={14} />
        {errors.length === 1 ? '1 problem' : `${errors.length} problems`} to fix before publishing
        <Icon name="chevron-down" size={14} className={cn('ml-auto transition-transform', open && 'rotate-180')} />
      </button>
      {open && (
        <ul className="max-h-28 space-y-0.5 overflow-y-auto border-t border-red-100 px-1 py-1 dark:border-red-500/20">
          {errors.map((error, i) => (
            <li key={i}>
              {error.nodeId ? (
                <button
                  type="button"
                  onClick={() => onSelectNode(error.nodeId!)}
                  className="w-full rounded px-1.5 py-1 text-left text-slate-700 hover:bg-red-50 dark:text-slate-300 dark:hover:bg-red-500/10"
                >
                  {describeError(error, (id) => labelOf(id) ?? `Node ${id}`)}
                </button>
              ) : (
                <p className="px-1.5 py-1 text-slate-700 dark:text-slate-300">{error.message}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
