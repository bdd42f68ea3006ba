import { useQuery } from '@tanstack/react-query';
import { fetchOAuthStatus } from '../auth/auth.api';

export function useOAuthStatus(provider: 'google' | 'facebook') {
  return useQuery({
    queryKey: [`/api/auth/${provider}/status`],
    queryFn: () => fetchOAuthStatus(provider),
    staleTime: 0,
  });
}
