import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

interface PageSectionProps {
  title?: string;
  description?: string;
  children: ReactNode;
  className?: string;
  /** Narrow column for reading text. */
  narrow?: boolean;
}

export function PageSection({ title, description, children, className, narrow }: PageSectionProps) {
  return (
    <section className={cn('mx-auto px-4 py-14 sm:px-6 lg:px-8', narrow ? 'max-w-3xl' : 'max-w-7xl', className)}>
      {title && <h2 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h2>}
      {description && <p className="mt-2 text-slate-600 dark:text-slate-400">{description}</p>}
      <div className={title || description ? 'mt-8' : undefined}>{children}</div>
    </section>
  );
}
