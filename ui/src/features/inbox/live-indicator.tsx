import { cn } from '../../lib/cn';
import { useLiveStatus } from '../../lib/use-live-events';

/** "Live" while /ws is connected; "Reconnecting…" otherwise (the page polls meanwhile). */
export function LiveIndicator() {
  const status = useLiveStatus();
  const open = status === 'open';
  return (
    <span
      role="status"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset',
        open
          ? 'bg-emerald-50 text-emerald-700 ring-emerald-200 dark:bg-emerald-500/15 dark:text-emerald-300 dark:ring-emerald-500/30'
          : 'bg-slate-100 text-slate-600 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700',
      )}
    >
      <span aria-hidden="true" className={cn('h-1.5 w-1.5 rounded-full', open ? 'animate-pulse bg-emerald-500' : 'bg-slate-400')} />
      {open ? 'Live updates on' : status === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
    </span>
  );
}
