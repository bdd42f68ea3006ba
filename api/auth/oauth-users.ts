import type pg from 'pg';
import { createUserWithWorkspace, findUserByEmail, findUserByOAuthId, updateUser } from '../../db/auth/users';
import type { UserRow } from '../../db/schema';
import { newWorkspacePlan } from '../../db/workspaces/workspace-plan';

export interface OAuthIdentity {
  provider: 'google' | 'facebook';
  providerId: string;
  email: string | undefined;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/**
 * Sign-in through Google or Facebook: the provider id wins; otherwise a *verified* email links to
 * an existing account (an unverified one could hijack it); otherwise a new user and workspace.
 */
export async function findOrCreateOAuthUser(pool: pg.Pool, id: OAuthIdentity, trialDays?: number): Promise<UserRow> {
  const byProvider = await findUserByOAuthId(pool, id.provider, id.providerId);
  if (byProvider) return byProvider;

  const link = id.provider === 'google' ? { googleId: id.providerId } : { facebookId: id.providerId };
  if (id.email && id.emailVerified) {
    const byEmail = await findUserByEmail(pool, id.email);
    if (byEmail) {
      const linked = await updateUser(pool, byEmail.id, { ...link, profileImageUrl: byEmail.profileImageUrl ?? id.profileImageUrl });
      if (!linked) throw new Error(`user ${byEmail.id} vanished`);
      return linked;
    }
  }
  // Without a usable email the account still needs a unique one; it is never used for login.
  const email = id.email && id.emailVerified ? id.email : `${id.provider}-${id.providerId}@users.noreply.replypilot`;
  const created = await createUserWithWorkspace(pool, {
    email,
    firstName: id.firstName,
    lastName: id.lastName,
    profileImageUrl: id.profileImageUrl,
    ...link,
    plan: newWorkspacePlan(trialDays),
  });
  // Only an unverified email can collide here (a verified one was linked above); refuse rather than link.
  if (created === 'email_taken') throw new Error(`an account with ${email} exists already`);
  return created;
}
