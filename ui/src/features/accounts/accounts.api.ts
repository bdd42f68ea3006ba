import type { ConnectedAccountsResponse, SocialAccount } from '@contracts/social-accounts';
import { apiGet } from '../../lib/api';

export const fetchSocialAccounts = () => apiGet<SocialAccount[]>('/api/social-accounts');
export const fetchConnectedAccounts = () => apiGet<ConnectedAccountsResponse>('/api/accounts/connected');
