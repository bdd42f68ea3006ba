import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { PublicUser } from '@contracts/auth';
import { roleLabels } from '@contracts/permissions';
import { Avatar } from '../../components/avatar';
import { Icon } from '../../components/icon';
import { useToast } from '../../components/toast/use-toast';
import { useLogout } from '../../features/auth/use-logout';
import { fetchWorkspaces, switchWorkspace, teamKeys } from '../../features/team/team.api';
import { errorMessage } from '../../lib/api';

const itemClasses =
  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 data-[focus]:bg-slate-100 dark:text-slate-300 dark:data-[focus]:bg-slate-800';

export function ShellUserMenu({ user }: { user: PublicUser }) {
  const name = user.firstName?.trim() || 'User';
  const logout = useLogout('/');
  const { toast } = useToast();
  const workspaces = useQuery({ queryKey: teamKeys.workspaces, queryFn: fetchWorkspaces, staleTime: 60_000 });
  const list = workspaces.data?.workspaces ?? [];
  const current = list.find((w) => w.id === user.workspaceId);
  // A full load into the other workspace: nothing cached of this one survives (ADR 0038).
  const change = useMutation({
    mutationFn: switchWorkspace,
    onSuccess: () => window.location.assign('/dashboard'),
    onError: (err) => toast({ title: 'Could not switch', description: errorMessage(err, 'Please try again'), variant: 'destructive' }),
  });
  return (
    <Menu as="div" className="relative">
      {/* Named by its own text (name and plan, read aloud on phones too), so the accessible name
          contains what is visible (WCAG 2.5.3); the avatar is decoration. */}
      <MenuButton className="flex items-center gap-2 rounded-full p-0.5 pr-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 sm:rounded-lg sm:pr-2 dark:hover:bg-slate-800">
        <Avatar imageUrl={user.profileImageUrl} firstName={user.firstName} lastName={user.lastName} size={32} />
        <span className="sr-only text-left sm:not-sr-only sm:block">
          <span className="block text-sm leading-tight font-medium text-slate-900 dark:text-white">{name}</span>
          <span className="block max-w-40 truncate text-xs leading-tight text-slate-500 dark:text-slate-400">
            {list.length > 1 && current ? current.name : `${user.subscriptionTier?.trim() || 'Free'} Plan`}
          </span>
        </span>
        <span className="sr-only">, account menu</span>
        <Icon name="chevron-down" size={16} className="hidden text-slate-400 sm:block" />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 8 }}
        className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900"
      >
        <div className="px-3 py-2">
          <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{name}</p>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">{user.email}</p>
        </div>
        <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
        <p className="px-3 pt-1 pb-1 text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">Workspaces</p>
        <div className="max-h-60 overflow-y-auto">
          {list.length === 0 && current === undefined && <p className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">Loading…</p>}
          {list.map((w) => (
            <MenuItem key={w.id}>
              <button
                type="button"
                className={itemClasses}
                aria-current={w.active ? 'true' : undefined}
                disabled={change.isPending}
                onClick={() => {
                  if (!w.active) change.mutate(w.id);
                }}
              >
                <Icon name={w.active ? 'check' : 'building'} size={16} className={w.active ? 'text-indigo-600 dark:text-indigo-400' : undefined} />
                <span className="min-w-0 flex-1 text-left">
                  <span className="block truncate">{w.name}</span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">
                    {roleLabels[w.role]} · {w.members === 1 ? '1 member' : `${w.members} members`}
                  </span>
                </span>
              </button>
            </MenuItem>
          ))}
        </div>
        <MenuItem>
          <Link to="/settings/team" className={itemClasses}>
            <Icon name="users" size={16} /> Team
          </Link>
        </MenuItem>
        <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
        <MenuItem>
          <Link to="/settings#account" className={itemClasses}>
            <Icon name="user" size={16} /> Profile
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to="/settings" className={itemClasses}>
            <Icon name="settings" size={16} /> Settings
          </Link>
        </MenuItem>
        {user.isOperator && (
          <MenuItem>
            <Link to="/admin" className={itemClasses}>
              <Icon name="shield" size={16} /> Admin console
            </Link>
          </MenuItem>
        )}
        <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />
        <MenuItem>
          {/* POST /api/logout, then the landing page (the spec's destination). Never a GET. */}
          <button type="button" onClick={() => logout.mutate()} disabled={logout.isPending} className={itemClasses}>
            <Icon name="log-out" size={16} /> Sign Out
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
