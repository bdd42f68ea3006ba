import type pg from 'pg';
import { z } from 'zod';
import { planNameSql, planNumberSql } from '../../contracts/plans';

type Db = Pick<pg.PoolClient, 'query'>;

const usageRow = z.object({ user_id: z.string(), messages_used: z.number(), message_limit: z.number() });

export interface Usage {
  messagesUsed: number;
  messageLimit: number;
}

/** Share of the limit at which the owner hears about it, once per month each (docs/product-spec.md §6: alerts, never a stop). */
const thresholds = [
  { percent: 80, title: 'You have used 80 % of this month’s messages' },
  { percent: 100, title: 'You have used all of this month’s messages' },
] as const;

/** Rows of usage_counts per (owner, month): a connection always adds to the same one (ADR 0019). */
export const USAGE_SHARDS = 16;

/** The first day of the current UTC month, as SQL (the `month` of usage_counts). */
export const currentUsageMonth = `(date_trunc('month', now() at time zone 'utc'))::date`;

/**
 * This month's count of the user `userIdSql` (SQL naming a uuid, e.g. `users.id` or `$1`), as an
 * integer expression: the sum of its shards (none yet: 0).
 */
export function messagesUsedSql(userIdSql: string): string {
  return `(select coalesce(sum(uc.messages), 0)::int from usage_counts uc where uc.user_id = ${userIdSql} and uc.month = ${currentUsageMonth})`;
}

/**
 * The workspace's owner (its first, if several), whose plan and monthly count its sends use: SQL
 * selecting `id`, for `workspaceIdSql` (SQL naming a uuid). Primary-key lookup on workspace_members.
 */
export function workspaceOwnerSql(workspaceIdSql: string): string {
  return `select m.user_id as id from workspace_members m where m.workspace_id = ${workspaceIdSql} and m.role = 'owner' order by m.created_at, m.user_id limit 1`;
}

/** The workspace `workspaceIdSql`'s monthly automated messages (contracts/plans.ts), as SQL. */
export function workspaceMessageLimitSql(workspaceIdSql: string): string {
  return `(select ${planNumberSql('w.plan', (p) => p.automatedMessages)} from workspaces w where w.id = ${workspaceIdSql})`;
}

const planRow = z.object({ plan_name: z.string(), message_limit: z.number(), messages_used: z.number(), trial_ends_at: z.date().nullable() });

/**
 * The plan a workspace runs on (contracts/plans.ts: its name and monthly automated messages) and
 * this month's count of its owner, whose count its sends add to, and when its trial ends (null: not
 * on a trial) (GET /api/auth/user).
 */
export async function readWorkspacePlan(
  db: Db,
  workspaceId: string,
): Promise<{ subscriptionTier: string; messageLimit: number; messagesUsed: number; trialEndsAt: string | null } | null> {
  const { rows } = await db.query(
    `select ${planNameSql('w.plan')} as plan_name, ${planNumberSql('w.plan', (p) => p.automatedMessages)} as message_limit,
            coalesce(${messagesUsedSql('o.id')}, 0) as messages_used, w.trial_ends_at
     from workspaces w left join (${workspaceOwnerSql('$1::uuid')}) o on true where w.id = $1::uuid`,
    [workspaceId],
  );
  if (rows[0] === undefined) return null;
  const r = planRow.parse(rows[0]);
  return { subscriptionTier: r.plan_name, messageLimit: r.message_limit, messagesUsed: r.messages_used, trialEndsAt: r.trial_ends_at?.toISOString() ?? null };
}

/** Where the usage statement's inputs are in the enclosing statement's parameters (`$n`). */
export interface UsageParams {
  workspaceId: string;
  n: string;
  /** A boolean parameter: false counts nothing and touches no row (a send that is not metered). */
  enabled: string;
  percents: string;
  titles: string;
}

/**
 * recordUsage as CTEs (`usage` adds to the owner's count and returns its row of usage_counts;
 * `usage_alerts` adds the threshold notifications), so a caller can count in the same statement as
 * what it counts (the sent mark of a send, activities/sends/at-most-once.ts). Values for `percents`
 * and `titles`: usageThresholdParams().
 *
 * The count is one of 16 rows per (owner, UTC month) of usage_counts, picked by the connection
 * (ADR 0019): concurrent senders rarely share a row lock, and the owner's users row is not written
 * (its updates evict cached sessions, ADR 0016). A new month's first use starts a new set of rows.
 * The notifications are decided by `usage_due` (migration 0027), which reads the other shards in a
 * snapshot of its own and, near a threshold not yet announced, under a per-owner lock held until
 * commit: each threshold is announced once per month (unique key) and never missed.
 */
export function usageCtes(p: UsageParams): string {
  return `usage as (
       insert into usage_counts as uc (user_id, month, shard, messages)
       select o.id, ${currentUsageMonth}, pg_backend_pid() % ${USAGE_SHARDS}, ${p.n}
       from (${workspaceOwnerSql(p.workspaceId)}) o
       where ${p.enabled}
       on conflict (user_id, month, shard) do update set messages = uc.messages + excluded.messages
       returning uc.user_id, uc.month, uc.shard, uc.messages
     ),
     usage_alerts as (
       insert into notifications (workspace_id, user_id, kind, key, title, body, link)
       select ${p.workspaceId}, usage.user_id, 'usage', d.key, d.title, d.body, '/settings'
       from usage, usage_due(usage.user_id, usage.month, usage.shard, usage.messages, ${workspaceMessageLimitSql(`${p.workspaceId}::uuid`)}, ${p.percents}::int[], ${p.titles}::text[]) d
       on conflict (user_id, key) do nothing
     )`;
}

/** The `percents` and `titles` parameters of usageCtes. */
export function usageThresholdParams(): [number[], string[]] {
  return [thresholds.map((t) => t.percent), thresholds.map((t) => t.title)];
}

/**
 * Counts `n` messages (an AI answer, an automated DM that was sent) against the workspace owner's
 * monthly allowance (usage_counts), in the caller's transaction so it commits or rolls back with
 * what it counts. Each UTC month counts from 0. Crossing 80 % and 100 % of the workspace plan's
 * automated messages (contracts/plans.ts) adds one
 * notification each per month: the key `usage-80:2026-11` is unique per user, so a retry or a race
 * adds nothing. Nothing is ever blocked here. The owner is the workspace's first owner
 * (workspaceOwnerSql). One statement (the count and its notifications); the answer is the month's
 * total as this statement sees it (the other shards as last committed).
 */
export async function recordUsage(db: Db, workspaceId: string, n = 1): Promise<Usage | null> {
  const { rows } = await db.query(
    `with ${usageCtes({ workspaceId: '$1', n: '$2', enabled: 'true', percents: '$3', titles: '$4' })}
     select usage.user_id, (usage.messages + coalesce(others.messages, 0))::int as messages_used, ${workspaceMessageLimitSql('$1::uuid')} as message_limit
     from usage
     left join lateral (select sum(c.messages) as messages from usage_counts c
                        where c.user_id = usage.user_id and c.month = usage.month and c.shard <> usage.shard) others on true`,
    [workspaceId, n, ...usageThresholdParams()],
  );
  if (rows.length === 0) return null;
  const row = usageRow.parse(rows[0]);
  return { messagesUsed: row.messages_used, messageLimit: row.message_limit };
}

/** This month's count of a user (the sum of their shards). */
export async function readMessagesUsed(db: Db, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select ${messagesUsedSql('$1::uuid')} as n`, [userId]);
  return rows[0]!.n;
}
