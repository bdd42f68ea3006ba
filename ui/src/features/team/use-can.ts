import { can, type Permission } from '@contracts/permissions';
import { useCurrentUser } from '../auth/use-current-user';

/**
 * Whether the signed-in member's role in this workspace holds `permission`, from the same table the
 * server checks (contracts/permissions.ts): pages hide or disable what the role cannot do. The
 * server refuses it anyway; this only keeps the page honest.
 */
export function useCan(permission: Permission): boolean {
  const { user } = useCurrentUser();
  return user ? can(user.role, permission) : false;
}
