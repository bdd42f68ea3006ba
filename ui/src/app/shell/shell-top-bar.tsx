import { Link, useLocation } from 'react-router-dom';
import type { PublicUser } from '@contracts/auth';
import { Icon } from '../../components/icon';
import { ThemeSwitch } from '../../features/theme/theme-switch';
import { cn } from '../../lib/cn';
import { NotificationBell } from './notification-bell';
import { isNavItemActive, topNav } from './shell-nav.data';
import { ShellUserMenu } from './shell-user-menu';
import { LiveBadge, PlanBadge } from './status-badges';

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
        <PlanBadge tier={user.subscriptionTier} />
        <LiveBadge />
        <NotificationBell />
        <ThemeSwitch />
        <ShellUserMenu user={user} />
      </div>
    </header>
  );
}
