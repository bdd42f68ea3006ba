import type pg from 'pg';
import { z } from 'zod';
import { roles } from '../../contracts/permissions';
import type { UserRow } from '../schema';
import { ensureSandboxAccounts } from '../sandbox/seed-sandbox';
import { withTransaction } from '../transaction';
import { DEFAULT_PLAN, planNameSql, type PlanId, type PlanSource } from '../../contracts/plans';
import { messagesUsedSql, workspaceMessageLimitSql } from '../usage/record-usage';
import { isKnownTimeZone } from '../workspaces/time-zone';

type Db = Pick<pg.Pool, 'query'>;

/**
 * Every column of `users`, named as UserRow names them (unqualified: also used in joins with
 * user_sessions), their default workspace's plan name and allowance (contracts/plans.ts), this
 * month's message count (usage_counts, ADR 0019) and the user's memberships
 * (ADR 0038: cached with the user, so the active workspace and role cost no round trip).
 */
export const userColumns = `id, workspace_id as "workspaceId", email, password_hash as "passwordHash", first_name as "firstName",
  last_name as "lastName", profile_image_url as "profileImageUrl",
  (select ${planNameSql('w.plan')} from workspaces w where w.id = users.workspace_id) as "subscriptionTier",
  ${messagesUsedSql('users.id')} as "messagesUsed", ${workspaceMessageLimitSql('users.workspace_id')} as "messageLimit",
  onboarding_step as "onboardingStep", google_id as "googleId", facebook_id as "facebookId", is_demo as "isDemo",
  created_at as "createdAt", updated_at as "updatedAt",
  (select coalesce(json_agg(json_build_object('workspaceId', m.workspace_id, 'role', m.role) order by m.created_at, m.workspace_id), '[]')
     from workspace_members m where m.user_id = users.id) as memberships`;

const membershipSchema = z.object({ workspaceId: z.string(), role: z.enum(roles) });

const userColumnsSchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  email: z.string(),
  passwordHash: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  subscriptionTier: z.string(),
  messagesUsed: z.number(),
  messageLimit: z.number(),
  onboardingStep: z.number(),
  googleId: z.string().nullable(),
  facebookId: z.string().nullable(),
  isDemo: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
  memberships: z.array(membershipSchema),
});

/** As read, the user acts in their default workspace (`workspaceId`) with their role there. */
const userRowSchema = userColumnsSchema.transform((row): UserRow => ({
  ...row,
  role: row.memberships.find((m) => m.workspaceId === row.workspaceId)?.role ?? 'viewer',
}));

const firstUser = (rows: unknown[]): UserRow | undefined => (rows[0] === undefined ? undefined : userRowSchema.parse(rows[0]));

/** A row selected with `userColumns`, parsed. */
export const parseUserRow = (row: unknown): UserRow => userRowSchema.parse(row);

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  // A malformed id in an old cookie must not become a 500.
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const { rows } = await db.query(`select ${userColumns} from users where id = $1`, [id]);
  return firstUser(rows);
}

/** Emails are stored lower-cased, so the lookup is too. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query(`select ${userColumns} from users where email = $1`, [email.toLowerCase()]);
  return firstUser(rows);
}

/** The user who signed in with this Google or Facebook account before. */
export async function findUserByOAuthId(db: Db, provider: 'google' | 'facebook', providerId: string): Promise<UserRow | undefined> {
  const column = provider === 'google' ? 'google_id' : 'facebook_id';
  const { rows } = await db.query(`select ${userColumns} from users where ${column} = $1`, [providerId]);
  return firstUser(rows);
}

/** A new workspace's plan: its id, who set it, and for a trial ('trial') how many days it lasts. */
export interface PlanSetter {
  id: PlanId;
  source: PlanSource;
  trialDays?: number;
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
  /** The new workspace's plan and who set it (a demo: 'pro'; a trial: TRIAL_DAYS); unset: the free plan. */
  plan?: PlanSetter;
  /** The workspace's time zone (the browser's, at registration); unset or unknown to PostgreSQL: UTC. */
  timeZone?: string;
}

/**
 * Every new user gets their own workspace, created in the same transaction with them as its owner;
 * then the workspace's sandbox accounts (reads never create them). 'email_taken' when the email is
 * registered already.
 */
export async function createUserWithWorkspace(pool: pg.Pool, input: NewUser): Promise<UserRow | 'email_taken'> {
  let row: UserRow;
  const timeZone = input.timeZone && (await isKnownTimeZone(pool, input.timeZone)) ? input.timeZone : 'UTC';
  try {
    row = await withTransaction(pool, async (client) => {
      const name = input.firstName ? `${input.firstName}'s workspace` : 'My workspace';
      const plan = input.plan ?? { id: DEFAULT_PLAN, source: 'default' };
      const ws = await client.query<{ id: string }>(
        `insert into workspaces (name, time_zone, plan, plan_source, trial_ends_at)
         values ($1, $2, $3, $4, case when $4 = 'trial' then now() + make_interval(days => $5::int) end) returning id`,
        [name, timeZone, plan.id, plan.source, plan.trialDays ?? 0],
      );
      const { rows } = await client.query(
        `with u as (
           insert into users (workspace_id, email, password_hash, first_name, last_name, profile_image_url, google_id, facebook_id,
                              is_demo, onboarding_step)
           values ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9, false), coalesce($10, 0))
           returning id
         )
         insert into workspace_members (workspace_id, user_id, role) select $1, u.id, 'owner' from u returning user_id`,
        [
          ws.rows[0]!.id,
          input.email.toLowerCase(),
          input.passwordHash ?? null,
          input.firstName ?? null,
          input.lastName ?? null,
          input.profileImageUrl ?? null,
          input.googleId ?? null,
          input.facebookId ?? null,
          input.isDemo ?? null,
          input.onboardingStep ?? null,
        ],
      );
      const userId = z.object({ user_id: z.string() }).parse(rows[0]).user_id;
      return firstUser((await client.query(`select ${userColumns} from users where id = $1`, [userId])).rows)!;
    });
  } catch (err) {
    if ((err as { code?: string; constraint?: string }).code === '23505' && (err as { constraint?: string }).constraint === 'users_email_key') {
      return 'email_taken';
    }
    throw err;
  }
  await ensureSandboxAccounts(pool, row.workspaceId);
  return row;
}

/** The profile fields a user or a sign-in provider may change. */
export type UserPatch = Partial<Pick<UserRow, 'firstName' | 'lastName' | 'profileImageUrl' | 'googleId' | 'facebookId'>>;
const patchColumns: Record<keyof UserPatch, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  profileImageUrl: 'profile_image_url',
  googleId: 'google_id',
  facebookId: 'facebook_id',
};

/** Sets the given fields (an undefined one is left alone) and updated_at; undefined when the user is gone. */
export async function updateUser(db: Db, id: string, patch: UserPatch): Promise<UserRow | undefined> {
  const keys = (Object.keys(patchColumns) as (keyof UserPatch)[]).filter((k) => patch[k] !== undefined);
  const sets = keys.map((k, i) => `${patchColumns[k]} = $${i + 2}`);
  const { rows } = await db.query(`update users set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1 returning ${userColumns}`, [
    id,
    ...keys.map((k) => patch[k]),
  ]);
  return firstUser(rows);
}
