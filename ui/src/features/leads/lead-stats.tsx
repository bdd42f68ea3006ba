import { leadStatuses, type LeadCounts, type LeadStatus } from '@contracts/leads';
import { cn } from '../../lib/cn';
import { statusLabels } from './lead-format';

const accents: Record<LeadStatus, string> = {
  new: 'bg-sky-500',
  contacted: 'bg-indigo-500',
  qualified: 'bg-amber-500',
  converted: 'bg-emerald-500',
  lost: 'bg-slate-400',
};

interface LeadStatsProps {
  counts: LeadCounts | undefined;
  active: LeadStatus | 'all';
  onSelect: (status: LeadStatus | 'all') => void;
}

/** The stats row: every lead of the workspace per status; a card filters the list to it. */
export function LeadStats({ counts, active, onSelect }: LeadStatsProps) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" role="group" aria-label="Leads by status">
      {leadStatuses.map((status) => {
        const selected = active === status;
        return (
          <button
            key={status}
            type="button"
            aria-pressed={selected}
            onClick={() => onSelect(selected ? 'all' : status)}
            className={cn(
              'rounded-xl border bg-white p-4 text-left shadow-sm transition-colors last:col-span-2 sm:last:col-span-1 dark:bg-slate-900',
              selected
                ? 'border-indigo-500 ring-2 ring-indigo-500/20 dark:border-indigo-400'
                : 'border-slate-200 hover:border-slate-300 dark:border-slate-800 dark:hover:border-slate-700',
            )}
          >
            <span className="flex items-center gap-2 text-sm font-medium text-slate-600 dark:text-slate-400">
              <span className={cn('h-2 w-2 rounded-full', accents[status])} aria-hidden="true" />
              {statusLabels[status]}
            </span>
            <span className="mt-1 block text-2xl font-semibold text-slate-900 tabular-nums dark:text-white" data-testid={`lead-count-${status}`}>
              {counts ? counts[status].toLocaleString() : '–'}
            </span>
          </button>
        );
      })}
    </div>
  );
}
