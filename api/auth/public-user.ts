import type { PublicUser } from '../../contracts/auth';
import type { UserRow } from '../../db/schema';

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    subscriptionTier: row.subscriptionTier,
    messagesUsed: row.messagesUsed,
    messageLimit: row.messageLimit,
    onboardingStep: row.onboardingStep,
    workspaceId: row.workspaceId,
    role: row.role,
    isDemo: row.isDemo,
    hasPassword: row.passwordHash !== null,
  };
}

/** The user as GET /api/auth/user and the demo sign-in answer: with when a demo workspace is deleted. */
export function toSignedInUser(row: UserRow, demoTtlHours: number): PublicUser {
  const demoExpiresAt = row.isDemo ? new Date(row.createdAt.getTime() + demoTtlHours * 3_600_000).toISOString() : null;
  return { ...toPublicUser(row), demoExpiresAt };
}
