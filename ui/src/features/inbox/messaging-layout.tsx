import type { ReactNode } from 'react';
import { Card } from '../../components/card';
import { cn } from '../../lib/cn';

interface MessagingLayoutProps {
  /** Filters above the list, fixed while the list scrolls. */
  listHeader?: ReactNode;
  list: ReactNode;
  thread: ReactNode;
  /** On phones only one pane shows: the thread once something is selected, else the list. */
  hasSelection: boolean;
}

/** List in the left third, thread on the right; one pane at a time below md. */
export function MessagingLayout({ listHeader, list, thread, hasSelection }: MessagingLayoutProps) {
  return (
    <Card className="grid h-[calc(100dvh-13.5rem)] min-h-[28rem] grid-rows-1 overflow-hidden md:grid-cols-3">
      <div className={cn('min-h-0 flex-col border-slate-200 md:flex md:border-r dark:border-slate-800', hasSelection ? 'hidden' : 'flex')}>
        {listHeader}
        <div className="min-h-0 flex-1 overflow-y-auto">{list}</div>
      </div>
      <div className={cn('min-h-0 md:col-span-2 md:block', hasSelection ? 'block' : 'hidden')}>{thread}</div>
    </Card>
  );
}
