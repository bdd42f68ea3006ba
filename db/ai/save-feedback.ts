import type pg from 'pg';

/** A thumbs up or down on an answer (docs/product-spec.md §3 Feedback); anonymous widget feedback has no user or workspace. */
export async function saveFeedback(
  pool: pg.Pool,
  f: { workspaceId: string | null; userId: string | null; conversationId: string; messageId: string; rating: 'thumbs_up' | 'thumbs_down' },
): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into ai_feedback (workspace_id, user_id, conversation_id, message_id, rating) values ($1, $2, $3, $4, $5) returning id`,
    [f.workspaceId, f.userId, f.conversationId, f.messageId, f.rating],
  );
  return rows[0]!.id;
}
