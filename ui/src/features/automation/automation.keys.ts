export const automationKeys = {
  activity: ['automation', 'activity'] as const,
  activityCount: ['automation', 'activity', 'count'] as const,
  overview: ['automation', 'overview'] as const,
};
