import type pg from 'pg';
import type { GrowthLink } from '../../contracts/growth';
import { periodStartSql } from '../figures/period-sql';

type Db = Pick<pg.Pool, 'query'>;

interface LinkRow {
  id: string;
  name: string;
  account_id: string;
  account_label: string;
  username: string;
  external_id: string;
  platform: 'instagram' | 'facebook';
  flow_id: string;
  flow_name: string;
  tag: string | null;
  ref: string;
  starts: number;
  created_at: Date;
}

/**
 * The link a person opens (docs/platform-apis.md §1.9): `ig.me/m/<username>?ref=` for Instagram,
 * `m.me/<page id>?ref=` for a Page (m.me takes the Page's id as well as its username).
 */
export function growthLinkUrl(platform: 'instagram' | 'facebook', account: { username: string; external_id: string }, ref: string): string {
  return platform === 'instagram'
    ? `https://ig.me/m/${encodeURIComponent(account.username)}?ref=${encodeURIComponent(ref)}`
    : `https://m.me/${encodeURIComponent(account.external_id)}?ref=${encodeURIComponent(ref)}`;
}

/**
 * The workspace's growth links with their starts: the runs their referrals started (flow_runs with
 * trigger type referral and the link's ref on its account, the partial index of migration
 * growth_links_and_messenger_profiles). The Growth links page (all time, or `days`) and Analytics'
 * "Entry links" (the last `days` calendar days in the workspace's zone, db/figures/period-sql.ts)
 * both read this one query, so a link's starts are the same number on both.
 */
export async function listGrowthLinks(db: Db, workspaceId: string, id?: string | null, days?: number): Promise<GrowthLink[]> {
  const { rows } = await db.query<LinkRow>(
    `with period as (select case when $3::int is null then null else ${periodStartSql('$1', '$3')} end as start)
     select l.id, l.name, l.account_id, a.display_name as account_label, a.username, a.external_id, a.platform,
            l.flow_id, f.name as flow_name, l.tag, l.ref, l.created_at,
            (select count(*)::int from flow_runs r
              where r.account_id = l.account_id and r.trigger->>'type' = 'referral' and r.trigger->>'ref' = l.ref
                and (p.start is null or r.started_at >= p.start)) as starts
       from growth_links l
       cross join period p
       join social_accounts a on a.id = l.account_id
       join flows f on f.id = l.flow_id
      where l.workspace_id = $1 and ($2::uuid is null or l.id = $2)
      order by l.created_at desc, l.id desc`,
    [workspaceId, id ?? null, days ?? null],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    accountId: r.account_id,
    accountLabel: r.account_label,
    platform: r.platform,
    flowId: r.flow_id,
    flowName: r.flow_name,
    tag: r.tag,
    ref: r.ref,
    url: growthLinkUrl(r.platform, r, r.ref),
    starts: r.starts,
    createdAt: r.created_at.toISOString(),
  }));
}

export type CreateLinkResult = { ok: true; id: string } | { ok: false; reason: 'account' | 'flow' | 'ref_taken' };

/** A new link; the account must be an active Meta account of the workspace and the flow the workspace's. */
export async function insertGrowthLink(
  db: Db,
  workspaceId: string,
  link: { name: string; accountId: string; flowId: string; tag: string | null; ref: string },
): Promise<CreateLinkResult> {
  const account = await db.query(`select 1 from social_accounts where workspace_id = $1 and id = $2 and is_active and platform in ('instagram', 'facebook')`, [
    workspaceId,
    link.accountId,
  ]);
  if (account.rowCount === 0) return { ok: false, reason: 'account' };
  const flow = await db.query('select 1 from flows where workspace_id = $1 and id = $2', [workspaceId, link.flowId]);
  if (flow.rowCount === 0) return { ok: false, reason: 'flow' };
  const { rows } = await db.query<{ id: string }>(
    `insert into growth_links (workspace_id, account_id, flow_id, name, ref, tag) values ($1, $2, $3, $4, $5, $6)
     on conflict (account_id, ref) do nothing returning id`,
    [workspaceId, link.accountId, link.flowId, link.name, link.ref, link.tag],
  );
  return rows[0] ? { ok: true, id: rows[0].id } : { ok: false, reason: 'ref_taken' };
}

/** Deletes a link of the workspace; false when there was none. */
export async function deleteGrowthLink(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from growth_links where workspace_id = $1 and id = $2', [workspaceId, id]);
  return (rowCount ?? 0) > 0;
}
