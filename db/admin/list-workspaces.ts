import type pg from 'pg';
import type { AdminWorkspace, AdminWorkspacesPage, AdminWorkspacesQuery } from '../../contracts/admin';
import { DEFAULT_PLAN, planIdSchema, type PlanSource } from '../../contracts/plans';
import { currentUsageMonth, messagesUsedSql, workspaceOwnerSql } from '../usage/record-usage';

type Db = Pick<pg.Pool, 'query'>;

interface Row {
  id: string;
  name: string;
  owner_email: string | null;
  members: number;
  automated_messages: number;
  ai_answers: number;
  accounts: { id: string; platform: string; username: string; status: string; status_reason: string | null; health_checked_at: string | null }[];
  last_activity_at: Date | null;
  suspended_at: Date | null;
  suspended_reason: string | null;
  plan: string;
  plan_source: PlanSource;
  trial_ends_at: Date | null;
  created_at: Date;
  total: number;
}

/**
 * The admin console's workspace list (contracts/admin.ts), newest first, one page, searched by the
 * workspace's name or a member's email. Usage comes from the app's own counters: the owner's
 * allowance count (db/usage `messagesUsedSql`, what Billing shows) and the workspace's model answers
 * this month (ai_model_usage, db/ai/model-allowance.ts). One statement; the per-workspace subqueries
 * run for the page's rows only.
 */
export async function listAdminWorkspaces(db: Db, query: AdminWorkspacesQuery): Promise<AdminWorkspacesPage> {
  const q = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await db.query<Row>(
    `with matched as (
       select w.id, w.name, w.created_at, w.suspended_at, w.suspended_reason, w.plan, w.plan_source, w.trial_ends_at, count(*) over () as total
       from workspaces w
       where $1::text is null or w.name ilike $1
          or exists (select 1 from workspace_members m join users u on u.id = m.user_id where m.workspace_id = w.id and u.email ilike $1)
       order by w.created_at desc, w.id desc
       limit $2 offset $3
     )
     select w.id, w.name, w.created_at, w.suspended_at, w.suspended_reason, w.plan, w.plan_source, w.trial_ends_at, w.total::int,
            ou.email as owner_email,
            (select count(*)::int from workspace_members m where m.workspace_id = w.id) as members,
            coalesce(${messagesUsedSql('ou.id')}, 0) as automated_messages,
            coalesce((select answers from ai_model_usage au where au.workspace_id = w.id and au.month = ${currentUsageMonth}), 0)::int as ai_answers,
            coalesce((select json_agg(json_build_object('id', a.id, 'platform', a.platform, 'username', a.username, 'status', a.status,
                                                        'status_reason', a.status_reason, 'health_checked_at', a.health_checked_at) order by a.platform, a.username)
                      from social_accounts a where a.workspace_id = w.id and a.is_active and a.provider <> 'sandbox'), '[]'::json) as accounts,
            greatest((select max(c.last_message_time) from conversations c where c.workspace_id = w.id),
                     (select max(al.created_at) from audit_log al where al.workspace_id = w.id)) as last_activity_at
     from matched w
     left join lateral (${workspaceOwnerSql('w.id')}) o on true
     left join users ou on ou.id = o.id
     order by w.created_at desc, w.id desc`,
    [q, query.pageSize, (query.page - 1) * query.pageSize],
  );
  const items: AdminWorkspace[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    ownerEmail: r.owner_email,
    members: r.members,
    usage: { automatedMessages: Number(r.automated_messages), aiAnswers: r.ai_answers },
    accounts: r.accounts.map((a) => ({
      id: a.id,
      platform: a.platform,
      username: a.username,
      status: a.status,
      statusReason: a.status_reason,
      healthCheckedAt: a.health_checked_at ? new Date(a.health_checked_at).toISOString() : null,
    })),
    lastActivityAt: r.last_activity_at?.toISOString() ?? null,
    suspended: r.suspended_at ? { at: r.suspended_at.toISOString(), reason: r.suspended_reason ?? '' } : null,
    plan: { id: planIdSchema.catch(DEFAULT_PLAN).parse(r.plan), source: r.plan_source, trialEndsAt: r.trial_ends_at?.toISOString() ?? null },
    createdAt: r.created_at.toISOString(),
  }));
  return { items, total: rows[0]?.total ?? 0, page: query.page, pageSize: query.pageSize };
}
