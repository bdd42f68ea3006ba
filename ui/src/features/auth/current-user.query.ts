import { queryOptions } from '@tanstack/react-query';
import { fetchCurrentUser } from './auth.api';

export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/** docs/product-spec.md §4/§9: not retried, no refetch on focus, fresh for 5 minutes. */
export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_KEY,
  queryFn: fetchCurrentUser,
  staleTime: 300_000,
  retry: false,
  refetchOnWindowFocus: false,
});
