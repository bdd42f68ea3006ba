export const accountKeys = {
  connected: ['accounts', 'connected'] as const,
  social: ['social-accounts'] as const,
};
