import type pg from 'pg';
import { z } from 'zod';
import { leadStatuses, parseLeadCursor, type Lead, type LeadCounts, type LeadsPage, type ListLeadsQuery } from '../../contracts/leads';
import { leadWhere } from './lead-filters';
import { leadColumns, leadRow, toLead } from './lead-row';

const countRow = z.object({ status: z.enum(leadStatuses), source: z.string(), n: z.number() });

/**
 * The workspace's counters per (status, source), kept by a trigger in up to 16 shard rows each
 * (migration 0031): at most 320 rows summed, never a count of leads.
 */
async function readCounters(pool: pg.Pool, workspaceId: string) {
  const { rows } = await pool.query('select status, source, sum(n)::int as n from lead_counts where workspace_id = $1 group by status, source', [workspaceId]);
  return z.array(countRow).parse(rows);
}

async function countMatching(pool: pg.Pool, workspaceId: string, q: ListLeadsQuery): Promise<number> {
  const { where, params } = leadWhere(workspaceId, q);
  const { rows } = await pool.query<{ n: number }>(`select count(*)::int as n from leads where ${where}`, params);
  return rows[0]!.n;
}

/** The keyset position of a row, as `leadCursorSchema` reads it back (microseconds: JS dates stop at ms). */
const cursorOf = (t = '') => `to_char(${t}created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${t}id`;
const pageColumns = leadColumns
  .split(', ')
  .map((col) => `l.${col}`)
  .join(', ');

/**
 * One page of leads, newest first with ties broken by id (created_at desc, id desc).
 *
 * With a cursor (`after` / `before`, from the previous answer's nextCursor / prevCursor) the page is
 * a keyset read: an index range scan from that position that stops after limit + 1 entries, the same
 * cost at any depth. This is how the leads page steps through pages.
 *
 * With only `page` (numbered from 1, docs/product-spec.md §7) it is an OFFSET, kept for jumping to a
 * page by number: the offset walks only the (…, created_at, id) index (index-only, to the page's
 * first key, then 20 rows are read from there), and a page past the middle is read from the other
 * end, so no page skips more than half the matching rows.
 */
export async function listLeads(pool: pg.Pool, workspaceId: string, q: ListLeadsQuery): Promise<LeadsPage> {
  const counters = readCounters(pool, workspaceId);
  // Unless there is a search, the total is a sum of counters too: no count over the leads.
  const total = q.search
    ? countMatching(pool, workspaceId, q)
    : counters.then((rows) => rows.filter((r) => (!q.status || r.status === q.status) && (!q.source || r.source === q.source)).reduce((a, r) => a + r.n, 0));
  const page = q.after || q.before ? readKeysetPage(pool, workspaceId, q) : total.then((n) => readOffsetPage(pool, workspaceId, q, n));
  const [rows, n, found] = await Promise.all([counters, total, page]);
  const c = Object.fromEntries(leadStatuses.map((s) => [s, 0])) as LeadCounts;
  for (const r of rows) c[r.status] += r.n;
  const pages = Math.max(1, Math.ceil(n / q.limit));
  return {
    leads: found.leads,
    pagination: { page: q.page, limit: q.limit, total: n, pages, nextCursor: found.nextCursor, prevCursor: found.prevCursor },
    counts: c,
  };
}

interface FoundPage {
  leads: Lead[];
  nextCursor: string | null;
  prevCursor: string | null;
}

const cursorRow = z.object({ cursor: z.string() });

function toPage(rows: unknown[], hasOlder: boolean, hasNewer: boolean): FoundPage {
  const cursors = z.array(cursorRow).parse(rows);
  return {
    leads: z.array(leadRow).parse(rows).map(toLead),
    nextCursor: hasOlder && cursors.length > 0 ? cursors[cursors.length - 1]!.cursor : null,
    prevCursor: hasNewer && cursors.length > 0 ? cursors[0]!.cursor : null,
  };
}

async function readKeysetPage(pool: pg.Pool, workspaceId: string, q: ListLeadsQuery): Promise<FoundPage> {
  const older = Boolean(q.after);
  const at = parseLeadCursor((q.after ?? q.before)!);
  const { where, params } = leadWhere(workspaceId, q);
  params.push(at.createdAt, at.id, q.limit + 1);
  const n = params.length;
  const dir = older ? 'desc' : 'asc';
  // One more than a page tells whether there is anything past it.
  const found = await pool.query(
    `select ${pageColumns}, p.cursor
     from (select id, created_at, ${cursorOf()} as cursor from leads
           where ${where} and (created_at, id) ${older ? '<' : '>'} ($${n - 2}::timestamptz, $${n - 1}::uuid)
           order by created_at ${dir}, id ${dir} limit $${n}) p
     join leads l on l.id = p.id
     order by p.created_at desc, p.id desc`,
    params,
  );
  const more = found.rows.length > q.limit;
  // The extra row is the oldest when reading older, the newest when reading newer.
  const rows = more ? (older ? found.rows.slice(0, q.limit) : found.rows.slice(1)) : found.rows;
  // Past a cursor there is always its own row on the other side.
  return older ? toPage(rows, more, true) : toPage(rows, true, more);
}

async function readOffsetPage(pool: pg.Pool, workspaceId: string, q: ListLeadsQuery, n: number): Promise<FoundPage> {
  const offset = (q.page - 1) * q.limit;
  if (offset >= n) return { leads: [], nextCursor: null, prevCursor: null };
  const fromEnd = offset > n / 2;
  // From the end: the rows after this page, counted backwards, are skipped instead.
  const skip = fromEnd ? Math.max(0, n - offset - q.limit) : offset;
  const take = fromEnd ? Math.min(q.limit, n - offset) : q.limit;
  const dir = fromEnd ? 'asc' : 'desc';
  const { where, params } = leadWhere(workspaceId, q);
  params.push(take, skip);
  // A deferred join: the page's first key is found by an index-only walk that computes nothing per
  // skipped entry (offset … limit 1 over the sort keys only), then the page is a keyset read from
  // that key, like a cursor's. The same rows in the same order as limit … offset (the key is
  // unique: ties on created_at are ordered by id), without projecting every skipped row.
  const found = await pool.query(
    `select ${pageColumns}, ${cursorOf('l.')} as cursor
     from (select ${leadColumns} from leads
           where ${where} and (created_at, id) ${fromEnd ? '>=' : '<='} (
             select created_at, id from leads where ${where} order by created_at ${dir}, id ${dir} offset $${params.length} limit 1)
           order by created_at ${dir}, id ${dir} limit $${params.length - 1}) l
     order by l.created_at desc, l.id desc`,
    params,
  );
  return toPage(found.rows, offset + found.rows.length < n, offset > 0);
}

export async function getLead(db: Pick<pg.Pool, 'query'>, workspaceId: string, id: string): Promise<Lead | undefined> {
  const { rows } = await db.query(`select ${leadColumns} from leads where workspace_id = $1 and id = $2`, [workspaceId, id]);
  return rows[0] ? toLead(leadRow.parse(rows[0])) : undefined;
}
