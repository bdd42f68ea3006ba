import type pg from 'pg';
import type { z } from 'zod';
import type { updateConversationBodySchema } from '../../contracts/inbox';

/**
 * Sets the fields present in `body` (status, priority, tags, assignee; `read` zeroes the unread
 * count); false when not found, else whether the assignee changed (the push to a new assignee, the
 * audit entry) and who held it before.
 */
export async function updateConversation(
  db: Pick<pg.PoolClient, 'query'>,
  workspaceId: string,
  id: string,
  body: z.output<typeof updateConversationBodySchema>,
): Promise<false | { assigneeChanged: boolean; fromId: string | null }> {
  const sets: string[] = [];
  const params: unknown[] = [workspaceId, id];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (body.status) set('status', body.status);
  if (body.priority) set('priority', body.priority);
  if (body.tags) set('tags', body.tags);
  if (body.read) sets.push('unread_count = 0');
  // The caller checked the assignee may reply; the membership key refuses one removed meanwhile.
  if (body.assigneeId !== undefined) set('assignee_id', body.assigneeId);
  // The row as it was (locked), to tell a changed assignee from the same one set again.
  const updated = await db.query<{ assignee_changed: boolean; from_id: string | null }>(
    `with old as (select id, assignee_id from conversations where workspace_id = $1 and id = $2 for update)
     update conversations c set ${sets.join(', ')}, updated_at = now() from old where c.workspace_id = $1 and c.id = old.id
     returning c.assignee_id is distinct from old.assignee_id as assignee_changed, old.assignee_id as from_id`,
    params,
  );
  const row = updated.rows[0];
  return row ? { assigneeChanged: row.assignee_changed, fromId: row.from_id } : false;
}
