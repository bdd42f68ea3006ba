import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Card } from './card';

interface ListCardProps<T> {
  title: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  /** One row: laid out as a line, its first child on the left and the rest pushed right. */
  renderItem: (item: T) => ReactNode;
  /** Said instead of the list when there is nothing in it. */
  empty: ReactNode;
  className?: string;
}

/** A titled card listing rows divided by rules (e.g. /automation's flows and rules), or what to do when empty. */
export function ListCard<T>({ title, items, itemKey, renderItem, empty, className }: ListCardProps<T>) {
  return (
    <Card className={cn('p-5', className)}>
      <h2 className="font-semibold text-slate-900 dark:text-white">{title}</h2>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800" aria-label={title}>
          {items.map((item) => (
            <li key={itemKey(item)} className="flex items-center justify-between gap-3 py-2 text-sm">
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
