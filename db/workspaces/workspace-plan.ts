import type pg from 'pg';
import { z } from 'zod';
import { plans, planIdSchema, planSources, TRIAL_PLAN, type PlanId, type PlanSource, type WorkspacePlan } from '../../contracts/plans';
import type { PlanSetter } from '../auth/users';

type Db = Pick<pg.PoolClient, 'query'>;

/** The plan a new workspace starts on: the trial plan for TRIAL_DAYS when the operator set it, else the default. */
export function newWorkspacePlan(trialDays: number | undefined): PlanSetter | undefined {
  return trialDays ? { id: TRIAL_PLAN, source: 'trial', trialDays } : undefined;
}

const planStateRow = z.object({ plan: z.string(), plan_source: z.enum(planSources), trial_ends_at: z.date().nullable() });

/** A workspace's plan, who set it and when its trial ends (null: not on a trial); undefined: no such workspace. */
export async function readWorkspacePlanState(db: Db, workspaceId: string): Promise<WorkspacePlan | undefined> {
  const { rows } = await db.query('select plan, plan_source, trial_ends_at from workspaces where id = $1', [workspaceId]);
  if (rows[0] === undefined) return undefined;
  const r = planStateRow.parse(rows[0]);
  const plan = planIdSchema.safeParse(r.plan);
  return { plan: plan.success ? plan.data : 'free', source: r.plan_source, trialEndsAt: r.trial_ends_at?.toISOString() ?? null };
}

export interface PlanChange {
  /** The member or operator who changed it; null: the system (Stripe, the end of a trial). */
  actor: { userId: string } | null;
  source: Exclude<PlanSource, 'trial'>;
}

/**
 * THE way a workspace's plan changes after it was created (an operator's PATCH
 * /api/admin/workspaces/:id, a Stripe event, the end of a trial): sets the plan and its source,
 * ends any trial, and writes the audit log, in the caller's transaction. Members' cached sessions
 * are dropped by the workspaces trigger (migration workspace_plans). Returns the previous plan, or
 * undefined when there is no such workspace.
 */
export async function setWorkspacePlan(db: Db, workspaceId: string, planId: PlanId, change: PlanChange): Promise<{ previous: string } | undefined> {
  planIdSchema.parse(planId);
  const { rows } = await db.query<{ previous: string }>(
    `update workspaces w set plan = $2, plan_source = $3, trial_ends_at = null
     from (select id, plan as previous from workspaces where id = $1 for update) old
     where w.id = old.id returning old.previous`,
    [workspaceId, planId, change.source],
  );
  if (rows[0] === undefined) return undefined;
  const previous = rows[0].previous;
  const label = change.actor ? null : change.source === 'stripe' ? 'Stripe billing' : 'Replypilot';
  await db.query(
    `insert into audit_log (workspace_id, actor_id, actor_label, action, target_type, target_id, target_label, details)
     select $1::uuid, $2::uuid, coalesce($3::text, a.label, 'A deleted user'), 'plan.changed', 'workspace', $1::uuid::text, $4, $5::jsonb
     from (select 1) one
     left join lateral (select coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') || ' <' || u.email || '>', u.email) as label
                        from users u where u.id = $2::uuid) a on true`,
    [workspaceId, change.actor?.userId ?? null, label, plans[planId].name, JSON.stringify({ from: previous, to: planId, source: change.source })],
  );
  return { previous };
}

/**
 * Ends every trial whose time is up (the `plans:end-trials` cron job): the workspace returns to the
 * free plan (source 'default') and each owner gets a notification, once (its key is unique per
 * user). One statement, so a trial ends with its notice or not at all; a second run finds nothing.
 */
export async function endDueTrials(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `with ended as (
       update workspaces set plan = 'free', plan_source = 'default', trial_ends_at = null
       where plan_source = 'trial' and trial_ends_at <= now()
       returning id, plan),
     noticed as (
       insert into notifications (workspace_id, user_id, kind, key, title, body, link)
       select e.id, m.user_id, 'plan', 'trial-ended:' || e.id, 'Your trial has ended',
              'This workspace is on the ${plans.free.name} plan now. Your flows keep running; ask your operator or open Billing to choose a plan.', '/account/billing'
       from ended e join workspace_members m on m.workspace_id = e.id and m.role = 'owner'
       on conflict (user_id, key) do nothing)
     select count(*)::int as n from ended`,
  );
  return rows[0]!.n;
}
