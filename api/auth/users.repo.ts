import { eq } from 'drizzle-orm';
import type { PublicUser } from '../../contracts/auth';
import type { Db } from '../../db/client';
import { users, workspaces, type UserRow } from '../../db/schema';
import { ensureSandboxAccounts } from '../../db/sandbox/seed-sandbox';

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
    isDemo: row.isDemo,
    hasPassword: row.passwordHash !== null,
  };
}

/** The user as GET /api/auth/user and the demo sign-in answer: with when a demo workspace is deleted. */
export function toSignedInUser(row: UserRow, demoTtlHours: number): PublicUser {
  const demoExpiresAt = row.isDemo ? new Date(row.createdAt.getTime() + demoTtlHours * 3_600_000).toISOString() : null;
  return { ...toPublicUser(row), demoExpiresAt };
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  // A malformed id in an old cookie must not become a 500.
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export interface NewUser {
  email: string;
  passwordHash?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  googleId?: string | null;
  facebookId?: string | null;
  isDemo?: boolean;
  onboardingStep?: number;
  subscriptionTier?: string;
}

export class EmailTakenError extends Error {}

/** Every new user gets their own workspace, created in the same transaction. */
export async function createUserWithWorkspace(db: Db, input: NewUser): Promise<UserRow> {
  try {
    return await db
      .transaction(async (tx) => {
        const name = input.firstName ? `${input.firstName}'s workspace` : 'My workspace';
        const [ws] = await tx.insert(workspaces).values({ name }).returning();
        if (!ws) throw new Error('workspace insert returned nothing');
        const [row] = await tx
          .insert(users)
          .values({ ...input, email: input.email.toLowerCase(), workspaceId: ws.id })
          .returning();
        if (!row) throw new Error('user insert returned nothing');
        return row;
      })
      .then(async (row) => {
        // Every workspace has its sandbox accounts from the start; reads never create them.
        await ensureSandboxAccounts(db.$client, row.workspaceId);
        return row;
      });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw new EmailTakenError(input.email);
    throw err;
  }
}

export async function updateUser(db: Db, id: string, patch: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} vanished`);
  return row;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  // drizzle wraps driver errors; the pg error is the cause.
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const pgErr = e as { code?: string; constraint?: string };
    if (pgErr.code === '23505') return constraint === undefined || pgErr.constraint === constraint;
  }
  return false;
}
