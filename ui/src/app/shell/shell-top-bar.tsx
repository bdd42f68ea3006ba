import { Link, useLocation } from 'react-router-dom';
import type { PublicUser } from '@contracts/auth';
import { Badge } from '../../components/badge';
import { Icon } from '../../components/icon';
import { ThemeSwitch } from '../../features/theme/theme-switch';
import { cn } from '../../lib/cn';
import { isNavItemActive, topNav } from './shell-nav.data';
import { ShellUserMenu } from './shell-user-menu';

// docs/product-spec.md §9: the notification count is fixed at 3 (no notifications API yet).
const NOTIFICATION_COUNT = 3;

interface ShellTopBarProps {
  user: PublicUser;
  onOpenSidebar: () => void;
}

export function ShellTopBar({ user, onOpenSidebar }: ShellTopBarProps) {
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/85 px-4 backdrop-blur-md sm:px-6 dark:border-slate-800 dark:bg-slate-950/85">
      <button
        type="button"
        onClick={onOpenSidebar}
        aria-label="Open navigation"
        className="-ml-1 rounded-lg p-2 text-slate-500 hover:bg-slate-100 lg:hidden dark:text-slate-400 dark:hover:bg-slate-800"
      >
        <Icon name="menu" />
      </button>
      <nav aria-label="Top" className="hidden items-center gap-1 md:flex">
        {topNav.map((item) => {
          const active = isNavItemActive(item, pathname);
          return (
            <Link
              key={item.to}
              to={item.to}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'rounded-lg px-3 py-1.5 text-sm font-medium transition-colors',
                active
                  ? 'bg-slate-900 text-white dark:bg-white dark:text-slate-900'
                  : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white',
              )}
            >
              {item.label}
            </Link>
          );
        })}
      </nav>
      <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
        <Badge tone="brand">
          <Icon name="crown" size={12} /> Pro
        </Badge>
        <Badge tone="success">
          <span className="h-1.5 w-1.5 rounded-full bg-emerald-500" aria-hidden="true" /> Live
        </Badge>
        <button
          type="button"
          aria-label={`Notifications (${NOTIFICATION_COUNT})`}
          className="relative rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <Icon name="bell" />
          <span className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-500 px-1 text-[10px] font-semibold text-white">
            {NOTIFICATION_COUNT}
          </span>
        </button>
        <ThemeSwitch />
        <ShellUserMenu user={user} />
      </div>
    </header>
  );
}
