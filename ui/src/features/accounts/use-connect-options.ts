import { useQuery } from '@tanstack/react-query';
import type { ConnectOptions } from '@contracts/social-accounts';
import { apiGet } from '../../lib/api';

export const fetchConnectOptions = () => apiGet<ConnectOptions>('/api/connect-options');

/**
 * Which platforms can connect on this server (GET /api/connect-options). While it loads, nothing
 * is offered as connectable: a Connect button appears only once it is known to work.
 */
export function useConnectOptions() {
  const query = useQuery({ queryKey: ['connect-options'], queryFn: fetchConnectOptions, staleTime: 5 * 60_000 });
  return {
    isPending: query.isPending,
    canConnect: (platform: keyof ConnectOptions['platforms']) => query.data?.platforms[platform] === true,
    canEnable: query.data?.canEnable === true,
  };
}
