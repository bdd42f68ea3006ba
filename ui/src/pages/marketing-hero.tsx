import type { ReactNode } from 'react';

interface MarketingHeroProps {
  eyebrow?: string;
  title: string;
  description: ReactNode;
  children?: ReactNode;
}

/** The top band shared by public pages. */
export function MarketingHero({ eyebrow, title, description, children }: MarketingHeroProps) {
  return (
    <section className="border-b border-slate-200 bg-gradient-to-b from-indigo-50/70 to-white dark:border-slate-800 dark:from-indigo-950/30 dark:to-slate-950">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 lg:py-20">
        {eyebrow && <p className="text-sm font-semibold text-indigo-600 dark:text-indigo-400">{eyebrow}</p>}
        <h1 className="mt-2 text-4xl font-semibold tracking-tight text-slate-900 sm:text-5xl dark:text-white">{title}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-400">{description}</p>
        {children && <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>}
      </div>
    </section>
  );
}
