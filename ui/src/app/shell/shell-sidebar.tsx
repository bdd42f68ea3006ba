import { Link, useLocation } from 'react-router-dom';
import { Icon } from '../../components/icon';
import { Logo } from '../../components/logo';
import { ConnectedAccountsList } from '../../features/accounts/connected-accounts-list';
import { cn } from '../../lib/cn';
import { isNavItemActive, sidebarNav } from './shell-nav.data';

interface ShellSidebarProps {
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate?: () => void;
}

export function ShellSidebar({ onNavigate }: ShellSidebarProps) {
  const { pathname } = useLocation();
  return (
    <div className="flex h-full flex-col gap-6 overflow-y-auto border-r border-slate-200 bg-white px-3 py-4 dark:border-slate-800 dark:bg-slate-950">
      <div className="px-2">
        <Logo to="/dashboard" />
      </div>
      <nav aria-label="Sidebar">
        <ul className="space-y-0.5">
          {sidebarNav.map((item) => {
            const active = isNavItemActive(item, pathname);
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                    active
                      ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300'
                      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800/70 dark:hover:text-white',
                  )}
                >
                  <Icon name={item.icon} size={18} />
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <section aria-labelledby="connected-accounts-heading" className="mt-auto px-1">
        <h2 id="connected-accounts-heading" className="px-2 text-xs font-semibold tracking-wide text-slate-400 uppercase dark:text-slate-500">
          Connected Accounts
        </h2>
        <ConnectedAccountsList onNavigate={onNavigate} />
      </section>
    </div>
  );
}
