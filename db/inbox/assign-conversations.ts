import type pg from 'pg';
import { notifyWorkspace } from '../notify';

type Db = Pick<pg.PoolClient, 'query'>;

/** A conversation whose assignee changed, and who held it before (null: it was Unassigned). */
export interface AssigneeChange {
  id: string;
  fromId: string | null;
}

/**
 * Assigns the workspace's conversations `ids` to `assigneeId` (null: unassigns), all or none, in the
 * caller's transaction. 'not_found' when any id is not one of the workspace's conversations (nothing
 * changes); otherwise those whose assignee changed. The caller checked the assignee may reply; the
 * membership key (migration `conversation_assignee`) refuses one removed since.
 */
export async function assignConversations(client: Db, workspaceId: string, ids: string[], assigneeId: string | null): Promise<AssigneeChange[] | 'not_found'> {
  const unique = [...new Set(ids)];
  const { rows } = await client.query<{ id: string; from_id: string | null; changed: boolean }>(
    `with target as (
       select id, assignee_id as from_id, assignee_id is distinct from $3::uuid as changed from conversations
       where workspace_id = $1 and id = any($2::uuid[]) order by id for update
     ), updated as (
       update conversations c set assignee_id = $3::uuid, updated_at = now()
       from target t where c.id = t.id and t.changed and $4::int = (select count(*) from target)
       returning c.id
     )
     select t.id, t.from_id, t.changed from target t`,
    [workspaceId, unique, assigneeId, unique.length],
  );
  if (rows.length !== unique.length) return 'not_found';
  return rows.filter((r) => r.changed).map((r) => ({ id: r.id, fromId: r.from_id }));
}

/**
 * A member who was removed, left, or took a role that cannot reply: their conversations return to
 * Unassigned, and every open inbox of the workspace refreshes its views (on commit). The membership
 * key would null them on removal too, but without the notice or `updated_at`.
 */
export async function unassignMember(client: Db, workspaceId: string, userId: string): Promise<number> {
  const { rowCount } = await client.query('update conversations set assignee_id = null, updated_at = now() where workspace_id = $1 and assignee_id = $2', [
    workspaceId,
    userId,
  ]);
  if (rowCount) await notifyWorkspace(client, workspaceId, { type: 'conversations.reassigned' });
  return rowCount ?? 0;
}
