import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/card';
import { Icon, type IconName } from '../../../components/icon';

interface SetupGuideProps {
  icon: IconName;
  title: string;
  intro: ReactNode;
  steps: { title: string; body: ReactNode }[];
  children?: ReactNode;
}

/** A numbered "what you need" page for connecting a platform (linked from onboarding's Connect Account). */
export function SetupGuide({ icon, title, intro, steps, children }: SetupGuideProps) {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <div className="flex items-start gap-4">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
          <Icon name={icon} size={26} />
        </span>
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h1>
          <div className="mt-1 text-sm text-slate-600 dark:text-slate-400">{intro}</div>
        </div>
      </div>
      <Card className="p-6">
        <ol className="space-y-5">
          {steps.map((s, i) => (
            <li key={s.title} className="flex gap-4">
              <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white">{i + 1}</span>
              <div className="min-w-0">
                <h2 className="font-medium text-slate-900 dark:text-white">{s.title}</h2>
                <div className="mt-1 text-sm break-words text-slate-600 dark:text-slate-400">{s.body}</div>
              </div>
            </li>
          ))}
        </ol>
      </Card>
      {children}
      <Link to="/onboarding" className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 dark:text-indigo-400">
        <Icon name="arrow-left" size={14} /> Back to setup
      </Link>
    </div>
  );
}

export const code = (text: string) => (
  <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">{text}</code>
);
