import { Panel } from '@xyflow/react';
import { useState } from 'react';
import type { FlowError } from '@contracts/flows';
import { Icon } from '../../../components/icon';
import { cn } from '../../../lib/cn';
import { describeError } from '../graph/flow-errors';

interface ProblemsPanelProps {
  /** The compiler's findings, computed in the browser on every structural edit. */
  errors: FlowError[];
  labelOf: (nodeId: string) => string | undefined;
  onSelectNode: (nodeId: string) => void;
}

/** Top-left of the canvas: "Ready to go live", or the compiler's problems (click one to select its node). */
export function ProblemsPanel({ errors, labelOf, onSelectNode }: ProblemsPanelProps) {
  const [open, setOpen] = useState(true);
  if (errors.length === 0) {
    return (
      <Panel position="top-left">
        <p
          className="flex items-center gap-1.5 rounded-lg border border-emerald-200 bg-emerald-50/95 px-2.5 py-1.5 text-xs font-medium text-emerald-700 shadow-sm dark:border-emerald-500/30 dark:bg-emerald-950/90 dark:text-emerald-300"
          data-testid="flow-valid"
        >
          <Icon name="check-circle" size={14} /> Ready to go live
        </p>
      </Panel>
    );
  }
  return (
    <Panel position="top-left" className="!m-3 max-w-[min(22rem,calc(100%-1.5rem))]">
      <section aria-label="Problems" className="rounded-lg border border-red-200 bg-white/95 text-xs shadow-sm dark:border-red-500/30 dark:bg-slate-900/95">
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
          <ul className="max-h-48 space-y-0.5 overflow-y-auto border-t border-red-100 px-1 py-1 dark:border-red-500/20">
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
    </Panel>
  );
}
