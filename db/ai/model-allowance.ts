import type pg from 'pg';
import { z } from 'zod';

type Db = Pick<pg.PoolClient, 'query'>;

/** One model answer claimed against this month's allowance: `month` is the first day of its UTC month (YYYY-MM-DD). */
export interface ModelAnswerClaim {
  workspaceId: string;
  month: string;
  /** Model answers this month, this one included. */
  answers: number;
  /** A flow's answer to a contact: also claimed on the contact's allowance for `day` (YYYY-MM-DD, UTC). */
  contact?: { contactId: string; day: string };
}

/**
 * The claim itself, as a data-modifying CTE body (its own statement, or one CTE of a larger one,
 * db/ai/prepare-question.ts, claimContactModelAnswer below): one more model answer for the workspace in this UTC month, only while
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

/**
 * What a contact's claim found (claimContactModelAnswer): a model answer claimed on both allowances,
 * or the one that refused it. `plan`: the workspace's plan gives no model answers at all.
 */
export type ContactClaim = { claim: ModelAnswerClaim } | { refused: 'contact'; perDay: number } | { refused: 'month' | 'plan'; monthly: number };

const contactClaimRow = z.object({ contact_answers: z.number().nullable(), day: z.string(), month: z.string().nullable(), answers: z.number().nullable() });

/**
 * A model answer for a flow's AI Reply to one contact (ADR 0037): claimed on the contact's own
 * allowance for this UTC day (`perDay`, AI_CONTACT_ANSWERS_PER_DAY) and on the workspace's monthly
 * allowance, in one statement: the contact's count is raised only while under `perDay`, and the
 * month's only when the contact's was. So one stranger cannot use up the month: past `perDay` their
 * questions claim nothing. Should the month refuse after the contact's count was raised, that one is
 * given back. Concurrent claims never pass either limit (each is one atomic upsert).
 */
export async function claimContactModelAnswer(
  db: Db,
  p: { workspaceId: string; contactId: string; perDay: number; monthlyLimit: number },
): Promise<ContactClaim> {
  if (p.monthlyLimit <= 0) return { refused: 'plan', monthly: p.monthlyLimit };
  const { rows } = await db.query(
    `with contact as (
       insert into ai_contact_usage (contact_id, workspace_id, day, answers)
       select $2::uuid, $1::uuid, (now() at time zone 'utc')::date, 1 where $3::int > 0
       on conflict (contact_id) do update set
         answers = case when ai_contact_usage.day = excluded.day then ai_contact_usage.answers + 1 else 1 end,
         day = excluded.day
       where ai_contact_usage.day <> excluded.day or ai_contact_usage.answers < $3::int
       returning answers),
     claim as (${claimModelAnswerSql('$1', '$4', 'exists (select from contact)')})
     select (select answers from contact) as contact_answers, to_char((now() at time zone 'utc')::date, 'YYYY-MM-DD') as day,
            claim.month, claim.answers
     from (select) x left join claim on true`,
    [p.workspaceId, p.contactId, p.perDay, p.monthlyLimit],
  );
  const r = contactClaimRow.parse(rows[0]);
  if (r.contact_answers === null) return { refused: 'contact', perDay: p.perDay };
  const contact = { contactId: p.contactId, day: r.day };
  if (r.month === null || r.answers === null) {
    await releaseContactAnswer(db, contact);
    return { refused: 'month', monthly: p.monthlyLimit };
  }
  return { claim: { workspaceId: p.workspaceId, month: r.month, answers: r.answers, contact } };
}

async function releaseContactAnswer(db: Db, c: { contactId: string; day: string }): Promise<void> {
  await db.query('update ai_contact_usage set answers = greatest(answers - 1, 0) where contact_id = $1 and day = $2::date', [c.contactId, c.day]);
}

/**
 * Gives a claim back when the model produced no answer (failed, timed out, the client left, the
 * worker stopped). A process that dies between claim and release leaves its month one answer high:
 * the error is on the side of fewer model answers, never more than the allowance.
 */
export async function releaseModelAnswer(db: Db, claim: Pick<ModelAnswerClaim, 'workspaceId' | 'month' | 'contact'>): Promise<void> {
  await db.query('update ai_model_usage set answers = greatest(answers - 1, 0) where workspace_id = $1 and month = $2::date', [claim.workspaceId, claim.month]);
  if (claim.contact) await releaseContactAnswer(db, claim.contact);
}

/** The workspace's plan id (contracts/plans.ts: what the access level, and so the allowance, comes from); null: no such workspace. */
export async function workspaceTier(db: Db, workspaceId: string): Promise<string | null> {
  const { rows } = await db.query<{ plan: string }>('select plan from workspaces where id = $1::uuid', [workspaceId]);
  return rows[0]?.plan ?? null;
}
