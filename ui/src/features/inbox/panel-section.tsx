import type { ReactNode } from 'react';

/** One titled block of the contact panel. */
export function PanelSection({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="border-b border-slate-200 px-4 py-3 last:border-b-0 dark:border-slate-800">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{title}</h3>
        {aside}
      </div>
      {children}
    </section>
  );
}
