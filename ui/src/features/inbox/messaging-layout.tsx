import { Dialog, DialogPanel } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Card } from '../../components/card';
import { cn } from '../../lib/cn';
import { useMediaQuery } from './use-media-query';

interface MessagingLayoutProps {
  /** Filters above the list, fixed while the list scrolls. */
  listHeader?: ReactNode;
  list: ReactNode;
  thread: ReactNode;
  /** On phones only one pane shows: the thread once something is selected, else the list. */
  hasSelection: boolean;
  /** The contact panel: a third column on wide screens, a drawer from the right below. */
  aside?: ReactNode;
  asideOpen?: boolean;
  onCloseAside?: () => void;
}

/** The width from which the contact panel sits beside the thread (Tailwind's xl). */
export const WIDE_QUERY = '(min-width: 1280px)';

/** List on the left, thread in the middle, contact panel on the right; one pane at a time below md. */
export function MessagingLayout({ listHeader, list, thread, hasSelection, aside, asideOpen, onCloseAside }: MessagingLayoutProps) {
  const wide = useMediaQuery(WIDE_QUERY);
  const inline = Boolean(aside && asideOpen && wide);
  return (
    <Card className="flex h-[calc(100dvh-13.5rem)] min-h-[28rem] overflow-hidden">
      <div
        className={cn(
          'min-h-0 w-full flex-col border-slate-200 md:flex md:w-72 md:shrink-0 md:border-r lg:w-80 dark:border-slate-800',
          hasSelection ? 'hidden' : 'flex',
        )}
      >
        {listHeader}
        <div className="min-h-0 flex-1 overflow-y-auto">{list}</div>
      </div>
      <div className={cn('min-h-0 min-w-0 flex-1 md:block', hasSelection ? 'block' : 'hidden')}>{thread}</div>
      {inline && <div className="min-h-0 w-80 shrink-0 border-l border-slate-200 dark:border-slate-800">{aside}</div>}
      {aside && !wide && (
        <Dialog open={Boolean(asideOpen)} onClose={() => onCloseAside?.()} className="relative z-50">
          <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
          <div className="fixed inset-y-0 right-0 flex w-full max-w-sm">
            <DialogPanel className="h-full w-full shadow-xl">{aside}</DialogPanel>
          </div>
        </Dialog>
      )}
    </Card>
  );
}
