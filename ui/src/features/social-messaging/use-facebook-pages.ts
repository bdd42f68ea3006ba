import { useQuery } from '@tanstack/react-query';
import { fetchFacebookPages } from './social-messaging.api';
import { socialMessagingKeys } from './social-messaging.keys';

/** GET /api/social-accounts/facebook/pages: connected Pages with their linked Instagram accounts. */
export function useFacebookPages(enabled: boolean) {
  return useQuery({ queryKey: socialMessagingKeys.pages, queryFn: fetchFacebookPages, enabled });
}
