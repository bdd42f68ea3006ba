import type pg from 'pg';

/**
 * What "Suggest reply" answers: the contact's last inbound message in one of the workspace's
 * conversations. `not_found` for another workspace's (or no) conversation; `no_message` when the
 * contact has not written yet.
 */
export async function lastInboundMessage(pool: pg.Pool, workspaceId: string, conversationId: string): Promise<{ text: string } | 'not_found' | 'no_message'> {
  const { rows } = await pool.query<{ found: boolean; content: string | null }>(
    `select true as found,
            (select m.content from messages m
             where m.conversation_id = c.id and m.workspace_id = c.workspace_id and m.direction = 'inbound'
             order by m.created_at desc, m.id desc limit 1) as content
     from conversations c where c.id = $1 and c.workspace_id = $2`,
    [conversationId, workspaceId],
  );
  if (rows.length === 0) return 'not_found';
  const content = rows[0]!.content;
  return content && content.trim() ? { text: content } : 'no_message';
}
