import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { createUserWithWorkspace, findUserByEmail, updateUser } from './users.repo';

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
export async function findOrCreateOAuthUser(db: Db, id: OAuthIdentity): Promise<UserRow> {
  const column = id.provider === 'google' ? users.googleId : users.facebookId;
  const [byProvider] = await db.select().from(users).where(eq(column, id.providerId)).limit(1);
  if (byProvider) return byProvider;

  const link = id.provider === 'google' ? { googleId: id.providerId } : { facebookId: id.providerId };
  if (id.email && id.emailVerified) {
    const byEmail = await findUserByEmail(db, id.email);
    if (byEmail) {
      return updateUser(db, byEmail.id, {
        ...link,
        profileImageUrl: byEmail.profileImageUrl ?? id.profileImageUrl,
      });
    }
  }
  // Without a usable email the account still needs a unique one; it is never used for login.
  const email = id.email && id.emailVerified ? id.email : `${id.provider}-${id.providerId}@users.noreply.replypilot`;
  return createUserWithWorkspace(db, {
    email,
    firstName: id.firstName,
    lastName: id.lastName,
    profileImageUrl: id.profileImageUrl,
    ...link,
  });
}
