import type pg from 'pg';
import { z } from 'zod';
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

/** One question and its answer in ai_chat_messages, in the caller's transaction; returns the assistant message's id. */
export async function saveChatExchange(
  db: Db,
  e: { workspaceId: string; userId: string; conversationId: string; question: string; answer: StoredAnswer },
): Promise<string> {
  await db.query(`insert into ai_chat_messages (workspace_id, user_id, conversation_id, role, content) values ($1, $2, $3, 'user', $4)`, [
    e.workspaceId,
    e.userId,
    e.conversationId,
    e.question,
  ]);
  const a = e.answer;
  const { rows } = await db.query<{ id: string }>(
    `insert into ai_chat_messages (workspace_id, user_id, conversation_id, role, content, mode, confidence, funnel_stage, sources, model, tokens_in, tokens_out, created_at)
     values ($1, $2, $3, 'assistant', $4, $5, $6, $7, $8, $9, $10, $11, clock_timestamp())
     returning id`,
    [e.workspaceId, e.userId, e.conversationId, a.content, a.mode, a.confidence, a.funnelStage, JSON.stringify(a.sources), a.model, a.tokensIn, a.tokensOut],
  );
  return rows[0]!.id;
}

const historyRow = z.object({ role: z.enum(['user', 'assistant']), content: z.string() });

/** The last turns of one of the workspace's conversations, oldest first (another workspace's id finds nothing). */
export async function readChatHistory(pool: pg.Pool, workspaceId: string, conversationId: string, turns = 6) {
  const { rows } = await pool.query(
    `select role, content from (
       select role, content, created_at, id from ai_chat_messages
       where workspace_id = $1 and conversation_id = $2
       order by created_at desc, id desc limit $3) t
     order by created_at, id`,
    [workspaceId, conversationId, turns],
  );
  return rows.map((r) => historyRow.parse(r));
}

/** Model answers the workspace got this UTC month (the monthly allowance in contracts/ai.ts `aiAllowances`). */
export async function countModelAnswersThisMonth(pool: pg.Pool, workspaceId: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from ai_chat_messages
     where workspace_id = $1 and role = 'assistant' and mode = 'model'
       and created_at >= date_trunc('month', now() at time zone 'utc') at time zone 'utc'`,
    [workspaceId],
  );
  return rows[0]?.n ?? 0;
}
