import { useQuery } from '@tanstack/react-query';
import { fetchConnectedAccounts, fetchSocialAccounts } from './accounts.api';
import { accountKeys } from './accounts.keys';

const POLL_MS = 5000; // docs/product-spec.md §9: accounts polled every 5 s

/** GET /api/accounts/connected, polled every 5 s (sidebar). */
export function useConnectedAccounts() {
  return useQuery({ queryKey: accountKeys.connected, queryFn: fetchConnectedAccounts, refetchInterval: POLL_MS });
}

/** GET /api/social-accounts (connection status on Comment Growth), polled every 5 s. */
export function useSocialAccounts(enabled = true) {
  return useQuery({ queryKey: accountKeys.social, queryFn: fetchSocialAccounts, refetchInterval: POLL_MS, enabled });
}
