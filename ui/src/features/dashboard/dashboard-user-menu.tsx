import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link } from 'react-router-dom';
import type { PublicUser } from '@contracts/auth';
import { Icon } from '../../components/icon';

const itemClasses =
  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 data-[focus]:bg-slate-100 dark:text-slate-300 dark:data-[focus]:bg-slate-800';

interface DashboardUserMenuProps {
  user: PublicUser | null;
  onLogout: () => void;
  loggingOut: boolean;
}

/** docs/product-spec.md §2 dashboard header menu: first name (or "Menu") with Settings and Log Out. */
export function DashboardUserMenu({ user, onLogout, loggingOut }: DashboardUserMenuProps) {
  const label = user?.firstName?.trim() || 'Menu';
  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label={`Account menu: ${label}`}
        className="inline-flex h-9 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        {label}
        <Icon name="chevron-down" size={16} />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 8 }}
        className="z-50 w-44 rounded-xl border border-slate-200 bg-white p-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900"
      >
        <MenuItem>
          <Link to="/settings" className={itemClasses}>
            <Icon name="settings" size={16} /> Settings
          </Link>
        </MenuItem>
        <MenuItem disabled={loggingOut}>
          <button type="button" onClick={onLogout} className={itemClasses}>
            <Icon name="log-out" size={16} /> {loggingOut ? 'Logging out...' : 'Log Out'}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
