import type pg from 'pg';
import type { BroadcastAudience, BroadcastSegment } from '../../contracts/broadcasts';
import { segmentWhere, skipReasonSql } from './segment-sql';

export const TAG_NOTE =
  'No Messenger message tag applies to a broadcast: tagged messages cannot carry promotional content, HUMAN_AGENT is only for a person replying within 7 days, and the event/account/purchase update tags are retired.';

/** The segment's audience split by Meta's rules (contracts/broadcasts.ts BroadcastAudience), as of now. */
export async function readAudience(db: Pick<pg.Pool, 'query'>, workspaceId: string, segment: BroadcastSegment): Promise<BroadcastAudience> {
  const where = segmentWhere(segment, 2);
  const { rows } = await db.query<{ platform: string; reason: string | null; n: number }>(
    `select a.platform, ${skipReasonSql} as reason, count(*)::int as n
     from contacts c join social_accounts a on a.id = c.account_id
     where c.workspace_id = $1 ${where.sql}
     group by 1, 2`,
    [workspaceId, ...where.params],
  );
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
