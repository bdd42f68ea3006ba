import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@contracts/auth';
import { currentUserQuery } from './current-user.query';

export interface CurrentUserState {
  user: PublicUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  error: Error | null;
}

export function useCurrentUser(): CurrentUserState {
  const query = useQuery(currentUserQuery);
  const user = query.data ?? null;
  return { user, isLoading: query.isPending, isAuthenticated: user !== null, error: query.error };
}
