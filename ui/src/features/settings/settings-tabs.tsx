import { NavLink } from 'react-router-dom';
import { cn } from '../../lib/cn';
import { useCan } from '../team/use-can';

const tabClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
    isActive
      ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-800 dark:text-white'
      : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
  );

/** Settings' pages: the account, the team, and (owners and admins) the audit log. */
export function SettingsTabs() {
  const canReadAudit = useCan('audit:read');
  return (
    <nav aria-label="Settings" className="inline-flex max-w-full gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1 dark:bg-slate-900">
      <NavLink to="/settings" end className={tabClasses}>
        Account
      </NavLink>
      <NavLink to="/settings/team" className={tabClasses}>
        Team
      </NavLink>
      {canReadAudit && (
        <NavLink to="/settings/audit-log" className={tabClasses}>
          Audit log
        </NavLink>
      )}
    </nav>
  );
}
