import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '../../contracts/permissions';
import { workspaces } from './workspaces';

/**
 * docs/product-spec.md §3 User, plus login identities. Emails are stored lower-cased. The
 * workspaces a user belongs to are `workspace_members` (db/schema/team.ts); `workspace_id` is the one
 * a new session of theirs starts in (the last one they switched to or joined), always one of them.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** argon2id; null for accounts that only sign in through OAuth. */
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    onboardingStep: integer('onboarding_step').notNull().default(0),
    googleId: text('google_id'),
    facebookId: text('facebook_id'),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_id_key').on(t.googleId),
    uniqueIndex('users_facebook_id_key').on(t.facebookId),
    // Also serves the deferred foreign key (workspace_id, id) → workspace_members (migration 0041, ADR 0038).
    index('users_workspace_member_idx').on(t.workspaceId, t.id),
  ],
);

/** One of a user's workspaces and their role in it. */
export interface Membership {
  workspaceId: string;
  role: Role;
}

/**
 * A user as read by db/auth/users.ts: the row, this UTC month's message count (summed from
 * usage_counts), their memberships, and `workspaceId`/`role`: the workspace they act in and their
 * role there. As read that is their default workspace; a signed-in request acts in its session's
 * (api/auth/active-workspace.ts).
 */
export type UserRow = typeof users.$inferSelect & {
  messagesUsed: number;
  /** The plan of their default workspace (contracts/plans.ts): its name and monthly automated messages. */
  subscriptionTier: string;
  messageLimit: number;
  memberships: Membership[];
  role: Role;
};
