import type { PublicUser } from '@contracts/auth';

/** First name, else the email, else the given fallback (spec: "first name or email or User"). */
export function displayName(user: PublicUser | null | undefined, fallback = 'User'): string {
  return user?.firstName?.trim() || user?.email || fallback;
}

export function fullName(user: PublicUser | null | undefined): string {
  return [user?.firstName, user?.lastName].filter((part) => part?.trim()).join(' ');
}

/** Subscription tier with the spec's fallback "Free". */
export function tierName(user: PublicUser | null | undefined): string {
  return user?.subscriptionTier?.trim() || 'Free';
}
