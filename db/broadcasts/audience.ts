import type pg from 'pg';
import type { BroadcastAudience, BroadcastSegment } from '../../contracts/broadcasts';
import { HUMAN_AGENT_WINDOW_DAYS, MESSAGING_WINDOW_HOURS } from '../../contracts/platform-windows';
import { segmentWhere, skipReasonSql } from './segment-sql';

export const TAG_NOTE = `No Messenger message tag applies to a broadcast: tagged messages cannot carry promotional content, HUMAN_AGENT is only for a person replying within ${HUMAN_AGENT_WINDOW_DAYS} days, and the event/account/purchase update tags are retired.`;

/**
 * The segment's audience split by Meta's rules (contracts/broadcasts.ts BroadcastAudience), as of now.
 * The contacts are first counted per (account, window bucket) — the bucket stands in for
 * last_inbound_at as null / -infinity (before the messaging window) / infinity (inside the window) —
 * and only those few rows go through skipReasonSql, the dispatcher's own rule: hashing every
 * contact's reason text made the count twice as slow at 100,000 contacts (tests/perf/results/README.md#broadcast).
 */
export async function readAudience(db: Pick<pg.Pool, 'query'>, workspaceId: string, segment: BroadcastSegment): Promise<BroadcastAudience> {
  const { sql, params } = audienceSql(workspaceId, segment);
  const { rows } = await db.query<{ platform: string; reason: string | null; n: number }>(sql, params);
  const sum = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).reduce((s, r) => s + r.n, 0);
  const skipped = new Map<string, number>();
  const byPlatform = new Map<string, number>();
  for (const r of rows) {
    if (r.reason) skipped.set(r.reason, (skipped.get(r.reason) ?? 0) + r.n);
    byPlatform.set(r.platform, (byPlatform.get(r.platform) ?? 0) + r.n);
  }
  return {
    total: sum(() => true),
    inWindow: sum((r) => r.reason === null && r.platform !== 'twitter'),
    xReachable: sum((r) => r.reason === null && r.platform === 'twitter'),
    tagOnly: 0,
    tagNote: TAG_NOTE,
    skipped: [...skipped].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
    byPlatform: [...byPlatform].map(([platform, count]) => ({ platform, count })).sort((a, b) => a.platform.localeCompare(b.platform)),
  };
}

/** The audience query (per platform and skip reason) with its parameters; the benchmark EXPLAINs it. */
export function audienceSql(workspaceId: string, segment: BroadcastSegment): { sql: string; params: unknown[] } {
  const where = segmentWhere(segment, 2);
  const windowHours = `$${2 + where.params.length}::int`;
  return {
    sql: `with c as (
       select c.account_id,
         case when c.last_inbound_at is null then null
              when c.last_inbound_at < now() - make_interval(hours => ${windowHours}) then '-infinity'::timestamptz
              else 'infinity'::timestamptz end as last_inbound_at,
         count(*)::int as n
       from contacts c join social_accounts a on a.id = c.account_id
       where c.workspace_id = $1 ${where.sql}
       group by 1, 2
     )
     select a.platform, ${skipReasonSql(windowHours)} as reason, sum(c.n)::int as n
     from c join social_accounts a on a.id = c.account_id
     group by 1, 2`,
    params: [workspaceId, ...where.params, MESSAGING_WINDOW_HOURS],
  };
}
