/** Public support address shown on contact, billing and help pages. */
export const SUPPORT_EMAIL = 'support@replypilot.app';
