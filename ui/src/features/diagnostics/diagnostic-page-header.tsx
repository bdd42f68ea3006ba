import type { ReactNode } from 'react';

interface DiagnosticPageHeaderProps {
  title: string;
  description: ReactNode;
  actions?: ReactNode;
}

/** Header for diagnostic pages, which sit in the minimal layout. */
export function DiagnosticPageHeader({ title, description, actions }: DiagnosticPageHeaderProps) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <p className="text-xs font-semibold tracking-wide text-indigo-600 uppercase dark:text-indigo-400">Diagnostics</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
