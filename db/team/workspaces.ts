import type pg from 'pg';
import { z } from 'zod';
import { roles, type Role } from '../../contracts/permissions';

type Db = Pick<pg.Pool, 'query'>;

const rowSchema = z.object({ id: z.string(), name: z.string(), role: z.enum(roles), members: z.number() });

export interface UserWorkspace {
  id: string;
  name: string;
  role: Role;
  members: number;
}

/** Every workspace the user belongs to, by name, with their role and how many members it has. */
export async function listUserWorkspaces(db: Db, userId: string): Promise<UserWorkspace[]> {
  const { rows } = await db.query(
    `select w.id, w.name, m.role, (select count(*)::int from workspace_members o where o.workspace_id = w.id) as members
     from workspace_members m join workspaces w on w.id = m.workspace_id
     where m.user_id = $1 order by lower(w.name), w.created_at, w.id`,
    [userId],
  );
  return z.array(rowSchema).parse(rows);
}

/** The workspace's name; undefined: no such workspace. */
export async function workspaceName(db: Db, workspaceId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>('select name from workspaces where id = $1', [workspaceId]);
  return rows[0]?.name;
}

/** Renames the workspace; the previous name, or undefined when there is no such workspace. */
export async function renameWorkspace(client: Db, workspaceId: string, name: string): Promise<string | undefined> {
  const { rows } = await client.query<{ previous: string }>(
    `update workspaces w set name = $2 from (select name as previous from workspaces where id = $1 for update) p
     where w.id = $1 returning p.previous`,
    [workspaceId, name],
  );
  return rows[0]?.previous;
}
