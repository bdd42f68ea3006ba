import { deniedMessage, type Permission } from '@contracts/permissions';
import { Icon } from '../../components/icon';
import { cn } from '../../lib/cn';
import { useCurrentUser } from '../auth/use-current-user';
import { useCan } from './use-can';

/**
 * Where a control the role may not use would be: says so instead ("Your role (viewer) cannot change
 * flows"), from the same table the server checks. Nothing when the role may.
 */
export function ViewOnly({ permission, className }: { permission: Permission; className?: string }) {
  const { user } = useCurrentUser();
  const allowed = useCan(permission);
  if (allowed || !user) return null;
  return (
    <p role="note" className={cn('inline-flex items-center gap-1.5 text-sm text-slate-500 dark:text-slate-400', className)}>
      <Icon name="lock" size={14} /> {deniedMessage(user.role, permission)}.
    </p>
  );
}
