export const socialMessagingKeys = {
  pages: ['social-messaging', 'facebook-pages'] as const,
  instagramProfile: (pageId: string) => ['social-messaging', 'instagram-profile', pageId] as const,
};
