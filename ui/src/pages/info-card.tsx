import type { ReactNode } from 'react';
import { Icon, type IconName } from '../components/icon';

interface InfoCardProps {
  icon?: IconName;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}

export function InfoCard({ icon, title, children, footer }: InfoCardProps) {
  return (
    <article className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
      {icon && (
        <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
          <Icon name={icon} size={20} />
        </span>
      )}
      <h3 className={`${icon ? 'mt-4 ' : ''}font-semibold text-slate-900 dark:text-white`}>{title}</h3>
      <div className="mt-2 flex-1 text-sm leading-relaxed text-slate-600 dark:text-slate-400">{children}</div>
      {footer && <div className="mt-5">{footer}</div>}
    </article>
  );
}
