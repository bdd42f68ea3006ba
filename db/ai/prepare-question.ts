import type pg from 'pg';
import { z } from 'zod';
import { claimModelAnswerSql, type ModelAnswerClaim } from './model-allowance';

export interface PrepareQuestion {
  /** rate_limit_hits key (the same fixed windows as api/http/rate-limit.ts PgRateLimitStore). */
  rateKey: string;
  rateWindowMs: number;
  rateLimit: number;
  /** The workspace the question is asked in (the acting one): its owner's tier sets the allowance, whoever asks. */
  workspaceId: string;
  /**
   * This month's model answers allowed, by the workspace owner's lower-cased tier (`byTier`, else
   * `otherwise`): contracts/ai.ts monthlyModelAnswersByTier; null: the model may not answer (no provider).
   */
  monthlyModelAnswers: { byTier: Record<string, number>; otherwise: number } | null;
  /** Continue this conversation: its last `turns` messages come back; null: a new one. */
  conversationId: string | null;
  turns?: number;
}

export interface PreparedQuestion {
  /** Over the per-user limit: nothing was claimed or read. */
  rateLimited: { resetAt: Date } | null;
  /** A model answer claimed against the allowance; null: answer without the model. */
  claim: ModelAnswerClaim | null;
  history: { role: 'user' | 'assistant'; content: string }[];
  /** The workspace owner's subscription tier (the access level's source); null: the workspace has no owner. */
  tier: string | null;
}

const row = z.object({
  hits: z.number(),
  reset_at: z.date(),
  month: z.string().nullable(),
  answers: z.number().nullable(),
  history: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })),
  tier: z.string().nullable(),
});

/**
 * Everything a signed-in question needs before the model, in ONE statement (one round trip): the
 * per-user rate-limit hit, the workspace's plan (contracts/plans.ts), the model answer's claim against the
 * monthly allowance that tier gives (model-allowance.ts; only when within the rate limit) and the
 * conversation's last turns, oldest first (another workspace's conversation id finds nothing). The
 * tier is the workspace's, not the asker's: a member of someone else's workspace asks on its plan.
 */
export async function prepareQuestion(pool: Pick<pg.Pool, 'query'>, p: PrepareQuestion): Promise<PreparedQuestion> {
  const { rows } = await pool.query(
    `with hit as (
       insert into rate_limit_hits (key, hits, reset_at)
       values ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
       on conflict (key) do update set
         hits = case when rate_limit_hits.reset_at <= now() then 1 else rate_limit_hits.hits + 1 end,
         reset_at = case when rate_limit_hits.reset_at <= now() then excluded.reset_at else rate_limit_hits.reset_at end
       returning hits, reset_at),
     tier as (select w.plan as tier from workspaces w where w.id = $4::uuid),
     claim as (${claimModelAnswerSql('$4', 'coalesce(($5::jsonb ->> lower((select tier from tier)))::int, $8::int)', '(select hits from hit) <= $3::int')}),
     history as (
       select role, content, created_at, id from ai_chat_messages
       where workspace_id = $4::uuid and conversation_id = $6::uuid and (select hits from hit) <= $3::int
       order by created_at desc, id desc limit $7)
     select hit.hits, hit.reset_at, claim.month, claim.answers, (select tier from tier) as tier,
            coalesce((select json_agg(json_build_object('role', role, 'content', content) order by created_at, id) from history), '[]'::json) as history
     from hit left join claim on true`,
    [
      p.rateKey,
      p.rateWindowMs,
      p.rateLimit,
      p.workspaceId,
      JSON.stringify(p.monthlyModelAnswers?.byTier ?? {}),
      p.conversationId,
      p.turns ?? 6,
      p.monthlyModelAnswers?.otherwise ?? 0,
    ],
  );
  const r = row.parse(rows[0]);
  if (r.hits > p.rateLimit) return { rateLimited: { resetAt: r.reset_at }, claim: null, history: [], tier: r.tier };
  return {
    rateLimited: null,
    claim: r.month !== null && r.answers !== null ? { workspaceId: p.workspaceId, month: r.month, answers: r.answers } : null,
    history: r.history,
    tier: r.tier,
  };
}
