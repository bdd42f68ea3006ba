import type { Platform } from '@contracts/platforms';

/** The channel's everyday name: a Facebook page's inbox is "Messenger". */
export function accountChannelName(account: { platform: Platform }): string {
  if (account.platform === 'facebook') return 'Messenger';
  if (account.platform === 'twitter') return 'X';
  return 'Instagram';
}
