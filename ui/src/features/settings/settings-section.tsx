import type { ReactNode } from 'react';
import { Card } from '../../components/card';
import { Icon, type IconName } from '../../components/icon';
import { cn } from '../../lib/cn';

interface SettingsSectionProps {
  id?: string;
  icon: IconName;
  title: string;
  description?: string;
  danger?: boolean;
  children: ReactNode;
}

export function SettingsSection({ id, icon, title, description, danger, children }: SettingsSectionProps) {
  return (
    <Card id={id} className={cn('scroll-mt-24 p-6', danger && 'border-red-200 dark:border-red-500/30')}>
      <div className="flex items-start gap-3">
        <span
          className={cn(
            'flex h-9 w-9 shrink-0 items-center justify-center rounded-lg',
            danger ? 'bg-red-50 text-red-600 dark:bg-red-500/15 dark:text-red-400' : 'bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300',
          )}
        >
          <Icon name={icon} size={18} />
        </span>
        <div>
          <h2 className={cn('font-semibold', danger ? 'text-red-700 dark:text-red-400' : 'text-slate-900 dark:text-white')}>{title}</h2>
          {description && <p className="text-sm text-slate-500 dark:text-slate-400">{description}</p>}
        </div>
      </div>
      <div className="mt-5">{children}</div>
    </Card>
  );
}
