import type pg from 'pg';
import type { AnswerMode, AnswerSource, FunnelStage } from '../../contracts/ai';

type Db = Pick<pg.PoolClient, 'query'>;

export interface StoredAnswer {
  content: string;
  mode: AnswerMode;
  confidence: number;
  funnelStage: FunnelStage;
  sources: AnswerSource[];
  model: string | null;
  tokensIn: number | null;
  tokensOut: number | null;
}

/** One question and its answer in ai_chat_messages, in ONE statement in the caller's transaction; returns the assistant message's id. */
export async function saveChatExchange(
  db: Db,
  e: { workspaceId: string; userId: string; conversationId: string; question: string; answer: StoredAnswer },
): Promise<string> {
  const a = e.answer;
  // clock_timestamp() on the answer: it sorts after its question (now() is the same for both).
  const { rows } = await db.query<{ id: string }>(
    `with question as (
       insert into ai_chat_messages (workspace_id, user_id, conversation_id, role, content) values ($1, $2, $3, 'user', $4))
     insert into ai_chat_messages (workspace_id, user_id, conversation_id, role, content, mode, confidence, funnel_stage, sources, model, tokens_in, tokens_out, created_at)
     values ($1, $2, $3, 'assistant', $5, $6, $7, $8, $9, $10, $11, $12, clock_timestamp())
     returning id`,
    [
      e.workspaceId,
      e.userId,
      e.conversationId,
      e.question,
      a.content,
      a.mode,
      a.confidence,
      a.funnelStage,
      JSON.stringify(a.sources),
      a.model,
      a.tokensIn,
      a.tokensOut,
    ],
  );
  return rows[0]!.id;
}
