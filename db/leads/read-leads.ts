import type pg from 'pg';
import { z } from 'zod';
import { leadStatuses, type Lead, type LeadCounts, type LeadsPage, type ListLeadsQuery } from '../../contracts/leads';
import { leadWhere } from './lead-filters';
import { leadColumns, leadRow, toLead } from './lead-row';

const countRow = z.object({ status: z.enum(leadStatuses), source: z.string(), n: z.number() });

/** The workspace's counters per (status, source), kept by a trigger: at most 20 rows, never a count of leads. */
async function readCounters(pool: pg.Pool, workspaceId: string) {
  const { rows } = await pool.query('select status, source, n from lead_counts where workspace_id = $1', [workspaceId]);
  return z.array(countRow).parse(rows);
}

async function countMatching(pool: pg.Pool, workspaceId: string, q: ListLeadsQuery): Promise<number> {
  const { where, params } = leadWhere(workspaceId, q);
  const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from leads where ${where}`, params);
  return rows[0]!.n;
}

/**
 * One page of leads, newest first with ties broken by id (created_at desc, id desc), pages numbered
 * from 1 as docs/product-spec.md §7 asks. Page numbers mean OFFSET, so two things keep a deep page
 * cheap: the offset walks only the (…, created_at, id) index (an index-only scan, then 20 rows are
 * fetched), and a page past the middle is read from the other end in ascending order, so no page
 * skips more than half the matching rows.
 */
export async function listLeads(pool: pg.Pool, workspaceId: string, q: ListLeadsQuery): Promise<LeadsPage> {
  const counters = readCounters(pool, workspaceId);
  // Unless there is a search, the total is a sum of counters too: no count over the leads.
  const total = q.search
    ? countMatching(pool, workspaceId, q)
    : counters.then((rows) => rows.filter((r) => (!q.status || r.status === q.status) && (!q.source || r.source === q.source)).reduce((a, r) => a + r.n, 0));
  const [rows, n] = await Promise.all([counters, total]);
  const c = Object.fromEntries(leadStatuses.map((s) => [s, 0])) as LeadCounts;
  for (const r of rows) c[r.status] += r.n;
  const pages = Math.max(1, Math.ceil(n / q.limit));
  const offset = (q.page - 1) * q.limit;
  let leads: Lead[] = [];
  if (offset < n) {
    const fromEnd = offset > n / 2;
    // From the end: the rows after this page, counted backwards, are skipped instead.
    const skip = fromEnd ? Math.max(0, n - offset - q.limit) : offset;
    const take = fromEnd ? Math.min(q.limit, n - offset) : q.limit;
    const dir = fromEnd ? 'asc' : 'desc';
    const { where, params } = leadWhere(workspaceId, q);
    params.push(take, skip);
    const found = await pool.query(
      `select ${leadColumns
        .split(', ')
        .map((col) => `l.${col}`)
        .join(', ')}
       from (select id, created_at from leads where ${where}
             order by created_at ${dir}, id ${dir} limit $${params.length - 1} offset $${params.length}) p
       join leads l on l.id = p.id
       order by p.created_at desc, p.id desc`,
      params,
    );
    leads = z.array(leadRow).parse(found.rows).map(toLead);
  }
  return { leads, pagination: { page: q.page, limit: q.limit, total: n, pages }, counts: c };
}

export async function getLead(db: Pick<pg.Pool, 'query'>, workspaceId: string, id: string): Promise<Lead | undefined> {
  const { rows } = await db.query(`select ${leadColumns} from leads where workspace_id = $1 and id = $2`, [workspaceId, id]);
  return rows[0] ? toLead(leadRow.parse(rows[0])) : undefined;
}
