import type pg from 'pg';
import type { z } from 'zod';
import type { updateConversationBodySchema } from '../../contracts/inbox';

/** Sets the fields present in `body` (status, priority, tags, assignee; `read` zeroes the unread count); false when not found. */
export async function updateConversation(db: pg.Pool, workspaceId: string, id: string, body: z.output<typeof updateConversationBodySchema>): Promise<boolean> {
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
  const updated = await db.query(`update conversations set ${sets.join(', ')}, updated_at = now() where workspace_id = $1 and id = $2 returning id`, params);
  return updated.rowCount !== 0;
}
