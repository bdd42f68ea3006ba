import type pg from 'pg';
import { z } from 'zod';
import { can, roles, type Role } from '../../contracts/permissions';
import type { TeamMember } from '../../contracts/team';
import { unassignMember } from '../inbox/assign-conversations';
import { ensureSandboxAccounts } from '../sandbox/seed-sandbox';

type Db = Pick<pg.Pool, 'query'>;

const memberRowSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  role: z.enum(roles),
  joined_at: z.date(),
});

const toMember = (r: z.infer<typeof memberRowSchema>): TeamMember => ({
  userId: r.user_id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  role: r.role,
  joinedAt: r.joined_at.toISOString(),
});

const memberSelect = `select m.user_id, u.email, u.first_name, u.last_name, m.role, m.created_at as joined_at
  from workspace_members m join users u on u.id = m.user_id`;

/** The workspace's members: owners first, then by role, then by when they joined. */
export async function listMembers(db: Db, workspaceId: string): Promise<TeamMember[]> {
  const { rows } = await db.query(
    `${memberSelect} where m.workspace_id = $1
     order by array_position(array['owner', 'admin', 'editor', 'agent', 'viewer'], m.role), m.created_at, m.user_id`,
    [workspaceId],
  );
  return z.array(memberRowSchema).parse(rows).map(toMember);
}

/** One member of the workspace, or undefined (not a member, or no such user). */
export async function findMember(db: Db, workspaceId: string, userId: string): Promise<TeamMember | undefined> {
  const { rows } = await db.query(`${memberSelect} where m.workspace_id = $1 and m.user_id = $2`, [workspaceId, userId]);
  return rows[0] === undefined ? undefined : toMember(memberRowSchema.parse(rows[0]));
}

/**
 * Locks the workspace's row for this transaction: every change of its members (role changes,
 * removals, transfers, joins, account deletion) takes it first, so two of them cannot both see
 * "another owner remains" and leave none. False: no such workspace.
 */
export async function lockWorkspace(client: Db, workspaceId: string): Promise<boolean> {
  const { rowCount } = await client.query('select 1 from workspaces where id = $1 for update', [workspaceId]);
  return rowCount === 1;
}

/** How many owners the workspace has (call with the workspace locked). */
export async function countOwners(client: Db, workspaceId: string): Promise<number> {
  const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from workspace_members where workspace_id = $1 and role = 'owner'`, [
    workspaceId,
  ]);
  return rows[0]!.n;
}

/**
 * Changes a member's role; one who can no longer reply (a viewer) gives their conversations back to
 * Unassigned. Returns how many (for the audit entry).
 */
export async function setMemberRole(client: Db, workspaceId: string, userId: string, role: Role): Promise<number> {
  const unassigned = can(role, 'inbox:write') ? 0 : await unassignMember(client, workspaceId, userId);
  await client.query('update workspace_members set role = $3, updated_at = now() where workspace_id = $1 and user_id = $2 and role <> $3', [
    workspaceId,
    userId,
    role,
  ]);
  return unassigned;
}

export async function addMember(client: Db, workspaceId: string, userId: string, role: Role): Promise<void> {
  await client.query('insert into workspace_members (workspace_id, user_id, role) values ($1, $2, $3) on conflict do nothing', [workspaceId, userId, role]);
}

/**
 * Takes the user out of the workspace, in the caller's transaction. Their default workspace (where
 * a new session starts, users.workspace_id) moves to another of theirs; someone left with none gets
 * a new workspace of their own, as at sign-up, so every user always acts in one. Their sessions in
 * this workspace fall back to the default on their next request (api/auth/active-workspace.ts);
 * their conversations here return to Unassigned (returns how many, for the audit entry); their
 * sockets here are closed by the membership NOTIFY (migration `teams`).
 */
export async function removeMember(client: Db, workspaceId: string, userId: string): Promise<number> {
  const unassigned = await unassignMember(client, workspaceId, userId);
  await client.query('delete from workspace_members where workspace_id = $1 and user_id = $2', [workspaceId, userId]);
  const { rows } = await client.query<{ workspace_id: string | null; first_name: string | null }>(
    `select u.first_name,
            (select m.workspace_id from workspace_members m where m.user_id = u.id
              order by (m.workspace_id = u.workspace_id) desc, m.created_at desc limit 1) as workspace_id
     from users u where u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return unassigned;
  let next = row.workspace_id;
  if (next === null) {
    const name = row.first_name ? `${row.first_name}'s workspace` : 'My workspace';
    next = (await client.query<{ id: string }>('insert into workspaces (name) values ($1) returning id', [name])).rows[0]!.id;
    await addMember(client, next, userId, 'owner');
    await ensureSandboxAccounts(client, next);
  }
  await setDefaultWorkspace(client, userId, next);
  return unassigned;
}

/** Where the user's next new session starts (the last workspace they switched to or joined). */
export async function setDefaultWorkspace(client: Db, userId: string, workspaceId: string): Promise<void> {
  await client.query('update users set workspace_id = $2, updated_at = now() where id = $1 and workspace_id <> $2', [userId, workspaceId]);
}

/**
 * POST /api/workspaces/switch: the user's default becomes this workspace, if they are a member of
 * it as the database sees it now (a cache may not know yet that they were removed). False: not a member.
 */
export async function switchDefaultWorkspace(db: Db, userId: string, workspaceId: string): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    `with m as (select 1 from workspace_members where user_id = $1 and workspace_id = $2),
          u as (update users set workspace_id = $2, updated_at = now() where id = $1 and workspace_id <> $2 and exists (select 1 from m) returning 1)
     select exists (select 1 from m) as ok`,
    [userId, workspaceId],
  );
  return rows[0]?.ok === true;
}

/** Of these (user, workspace) pairs, the memberships that exist, as `${userId}:${workspaceId}` → role (the /ws re-check). */
export async function memberRoles(db: Db, pairs: { userId: string; workspaceId: string }[]): Promise<Map<string, Role>> {
  if (pairs.length === 0) return new Map();
  const { rows } = await db.query(
    `select m.user_id, m.workspace_id, m.role from workspace_members m
     join unnest($1::uuid[], $2::uuid[]) as p(user_id, workspace_id) on p.user_id = m.user_id and p.workspace_id = m.workspace_id`,
    [pairs.map((p) => p.userId), pairs.map((p) => p.workspaceId)],
  );
  const parsed = z.array(z.object({ user_id: z.string(), workspace_id: z.string(), role: z.enum(roles) })).parse(rows);
  return new Map(parsed.map((r) => [`${r.user_id}:${r.workspace_id}`, r.role]));
}
