import type pg from 'pg';
import { z } from 'zod';
import { workspaceOwnerSql } from '../usage/record-usage';

type Db = Pick<pg.PoolClient, 'query'>;

/** One model answer claimed against this month's allowance: `month` is the first day of its UTC month (YYYY-MM-DD). */
export interface ModelAnswerClaim {
  workspaceId: string;
  month: string;
  /** Model answers this month, this one included. */
  answers: number;
}

/**
 * The claim itself, as a data-modifying CTE body (its own statement, or one CTE of a larger one,
 * db/ai/prepare-question.ts): one more model answer for the workspace in this UTC month, only while
 * fewer than the allowance were claimed. No row back: the allowance is used up (or is 0). One
 * atomic upsert, so concurrent calls can never claim past the allowance.
 * `$workspace` and `$limit` are the parameter placeholders; `gate` an extra SQL condition.
 */
export function claimModelAnswerSql(workspace: string, limit: string, gate = 'true'): string {
  return `insert into ai_model_usage (workspace_id, month, answers)
     select ${workspace}::uuid, date_trunc('month', now() at time zone 'utc')::date, 1 where ${limit}::int > 0 and ${gate}
     on conflict (workspace_id, month) do update set answers = ai_model_usage.answers + 1
       where ai_model_usage.answers < ${limit}::int
     returning to_char(month, 'YYYY-MM-DD') as month, answers`;
}

const claimRow = z.object({ month: z.string(), answers: z.number() });

/**
 * Every model answer counts here, whoever asks (ADR 0011): the chat routes claim it in their one
 * statement before the model (prepare-question.ts), the flows' AI Reply step with this. Returns
 * null when the month's allowance is used up: the caller answers without the model.
 */
export async function claimModelAnswer(db: Db, workspaceId: string, monthlyLimit: number): Promise<ModelAnswerClaim | null> {
  const { rows } = await db.query(claimModelAnswerSql('$1', '$2'), [workspaceId, monthlyLimit]);
  return rows[0] ? { workspaceId, ...claimRow.parse(rows[0]) } : null;
}

/**
 * Gives a claim back when the model produced no answer (failed, timed out, the client left, the
 * worker stopped). A process that dies between claim and release leaves its month one answer high:
 * the error is on the side of fewer model answers, never more than the allowance.
 */
export async function releaseModelAnswer(db: Db, claim: Pick<ModelAnswerClaim, 'workspaceId' | 'month'>): Promise<void> {
  await db.query('update ai_model_usage set answers = greatest(answers - 1, 0) where workspace_id = $1 and month = $2::date', [claim.workspaceId, claim.month]);
}

/** The workspace owner's subscription tier (what the access level, and so the allowance, comes from); null: no such workspace. */
export async function workspaceTier(db: Db, workspaceId: string): Promise<string | null> {
  const { rows } = await db.query<{ subscription_tier: string }>(
    `select u.subscription_tier from (${workspaceOwnerSql('$1::uuid')}) o join users u on u.id = o.id`,
    [workspaceId],
  );
  return rows[0]?.subscription_tier ?? null;
}
