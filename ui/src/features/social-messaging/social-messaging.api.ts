import type { FacebookPagesResponse, InstagramProfile, SocialSendMessageBody, SocialSendMessageResponse } from '@contracts/social-accounts';
import { apiGet, apiPost } from '../../lib/api';

export type SocialChannel = 'facebook' | 'instagram';

export const fetchFacebookPages = () => apiGet<FacebookPagesResponse>('/api/social-accounts/facebook/pages');
export const fetchInstagramProfile = (pageId: string) => apiGet<InstagramProfile>(`/api/social-accounts/instagram/profile/${encodeURIComponent(pageId)}`);
export const sendSocialMessage = (channel: SocialChannel, body: SocialSendMessageBody) =>
  apiPost<SocialSendMessageResponse>(`/api/social-accounts/${channel}/send-message`, body);
