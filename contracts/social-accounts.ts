import type { Platform, Provider } from './platforms';

/** GET /api/social-accounts (spec §3 Social account). */
export interface SocialAccount {
  id: string;
  platform: Platform;
  provider: Provider;
  externalId: string;
  username: string;
  displayName: string;
  name: string;
  connectedAt: string;
  isActive: boolean;
  status: 'active' | 'needs_reconnect';
  isSandbox: boolean;
}

/** GET /api/accounts/connected (polled every 5 s by the UI). */
export interface ConnectedAccountsResponse {
  accounts: SocialAccount[];
  count: number;
}
