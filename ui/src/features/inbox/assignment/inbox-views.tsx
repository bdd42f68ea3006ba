import { cn } from '../../../lib/cn';
import type { AssigneeView } from './assignment.api';

const views: { value: AssigneeView; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'me', label: 'Mine' },
  { value: 'unassigned', label: 'Unassigned' },
];

/** The inbox's views by assignee (GET /api/conversations?assignee=me|unassigned), a segmented control over the list. */
export function InboxViews({ value, onChange }: { value: AssigneeView; onChange: (view: AssigneeView) => void }) {
  return (
    <div role="group" aria-label="Inbox views" className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800/80">
      {views.map((v) => (
        <button
          key={v.value}
          type="button"
          aria-pressed={value === v.value}
          onClick={() => onChange(v.value)}
          className={cn(
            'flex-1 rounded-md px-2 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500',
            value === v.value
              ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-900 dark:text-white'
              : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
          )}
        >
          {v.label}
        </button>
      ))}
    </div>
  );
}
