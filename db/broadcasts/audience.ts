import type pg from 'pg';
import type { BroadcastAudience, BroadcastSegment } from '../../contracts/broadcasts';
import { HUMAN_AGENT_WINDOW_DAYS, MESSAGING_WINDOW_HOURS } from '../../contracts/platform-windows';
import { dmLimitOf, paceEtaMs } from './pace';
import { segmentWhere, skipReasonSql, SKIP_REASONS } from './segment-sql';

export const TAG_NOTE = `No Messenger message tag applies to a broadcast: tagged messages cannot carry promotional content, HUMAN_AGENT is only for a person replying within ${HUMAN_AGENT_WINDOW_DAYS} days, and the event/account/purchase update tags are retired.`;

/**
 * The segment's audience split by Meta's rules (contracts/broadcasts.ts BroadcastAudience), as of now.
 * The contacts are first counted per (account, window bucket, opted out) — the bucket stands in for
 * last_inbound_at as null / -infinity (before the messaging window) / infinity (inside the window),
 * opted_out_at as null / -infinity, and automation_paused_until as null / infinity (paused now) —
 * and only those few rows go through skipReasonSql, the dispatcher's own rule: hashing every
 * contact's reason text made the count twice as slow at 100,000 contacts (tests/perf/results/README.md#broadcast).
 */
export async function readAudience(db: Pick<pg.Pool, 'query'>, workspaceId: string, segment: BroadcastSegment): Promise<BroadcastAudience> {
  const { sql, params } = audienceSql(workspaceId, segment);
  const { rows } = await db.query<{ account_id: string; platform: string; reason: string | null; n: number; backlog_ms: number }>(sql, params);
  const sum = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).reduce((s, r) => s + r.n, 0);
  const skipped = new Map<string, number>();
  const byPlatform = new Map<string, number>();
  // Reachable contacts per account, each account paced on its own send slots.
  const perAccount = new Map<string, { platform: string; reachable: number; backlogMs: number }>();
  for (const r of rows) {
    if (r.reason) skipped.set(r.reason, (skipped.get(r.reason) ?? 0) + r.n);
    byPlatform.set(r.platform, (byPlatform.get(r.platform) ?? 0) + r.n);
    if (r.reason) continue;
    const a = perAccount.get(r.account_id) ?? { platform: r.platform, reachable: 0, backlogMs: r.backlog_ms };
    a.reachable += r.n;
    perAccount.set(r.account_id, a);
  }
  const pacing = new Map<string, BroadcastAudience['pacing'][number]>();
  for (const a of perAccount.values()) {
    const limit = dmLimitOf(a.platform);
    const eta = Math.ceil(paceEtaMs(a.reachable, limit, a.backlogMs) / 1000);
    const p = pacing.get(a.platform) ?? { platform: a.platform, reachable: 0, perHour: limit.perHour, burst: limit.burst, etaSeconds: 0 };
    p.reachable += a.reachable;
    p.etaSeconds = Math.max(p.etaSeconds, eta);
    pacing.set(a.platform, p);
  }
  const windowReasons = new Set<string>([SKIP_REASONS.never, SKIP_REASONS.outside]);
  const inWindow = sum((r) => r.reason === null && r.platform !== 'twitter');
  const xReachable = sum((r) => r.reason === null && r.platform === 'twitter');
  return {
    total: sum(() => true),
    inWindow,
    xReachable,
    reachable: inWindow + xReachable,
    tagOnly: 0,
    tagNote: TAG_NOTE,
    skipped: [...skipped].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
    outsideWindow: sum((r) => r.reason !== null && windowReasons.has(r.reason)),
    byPlatform: [...byPlatform].map(([platform, count]) => ({ platform, count })).sort((a, b) => a.platform.localeCompare(b.platform)),
    etaSeconds: Math.max(0, ...[...pacing.values()].map((p) => p.etaSeconds)),
    pacing: [...pacing.values()].sort((a, b) => a.platform.localeCompare(b.platform)),
  };
}

/** The audience query (per account, with its platform, skip reason and send backlog) with its parameters; the benchmark EXPLAINs it. */
export function audienceSql(workspaceId: string, segment: BroadcastSegment): { sql: string; params: unknown[] } {
  const where = segmentWhere(segment, 2);
  const windowHours = `$${2 + where.params.length}::int`;
  return {
    sql: `with c as (
       select c.account_id,
         case when c.last_inbound_at is null then null
              when c.last_inbound_at < now() - make_interval(hours => ${windowHours}) then '-infinity'::timestamptz
              else 'infinity'::timestamptz end as last_inbound_at,
         case when c.opted_out_at is not null then '-infinity'::timestamptz end as opted_out_at,
         case when c.automation_paused_until > now() then 'infinity'::timestamptz end as automation_paused_until,
         count(*)::int as n
       from contacts c join social_accounts a on a.id = c.account_id
       where c.workspace_id = $1 ${where.sql}
       group by 1, 2, 3, 4
     )
     select a.id as account_id, a.platform, ${skipReasonSql(windowHours)} as reason, sum(c.n)::int as n,
       -- How far the account's DM slot clock is ahead of now (db/sends/reserve-send-slot.ts): sends already queued.
       coalesce((select greatest(0, extract(epoch from s.tat - now()) * 1000) from send_rate_limits s where s.account_id = a.id and s.kind = 'dm'), 0)::float8 as backlog_ms
     from c join social_accounts a on a.id = c.account_id
     group by a.id, 2, 3`,
    params: [workspaceId, ...where.params, MESSAGING_WINDOW_HOURS],
  };
}
