import type pg from 'pg';
import { z } from 'zod';
import {
  knowledgeKinds,
  knowledgeVisibilities,
  type KnowledgeEntry,
  type KnowledgeKind,
  type KnowledgeList,
  type KnowledgeVisibility,
  type ListKnowledgeQuery,
} from '../../contracts/knowledge';
import { cursorTs, keysetAfter, keysetPage, type Cursor } from '../pagination/keyset-cursor';
import { entryColumns, entryRow, toEntry } from './entry-row';
import { queryWords } from './search-knowledge';

type Db = Pick<pg.Pool, 'query'>;

/**
 * The search box's words as a prefix query ("ship canad" finds "Shipping to Canada"): every word
 * must match, as people expect of a filter. Words are letters and digits only, so the text handed
 * to to_tsquery cannot carry its operators.
 */
export function prefixQuery(q: string | undefined): string | null {
  const words = q ? queryWords(q) : [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/**
 * One page of a workspace's entries, newest change first (best match first when searching), with
 * per-kind counts (whatever the kind filter) and per-visibility counts (whatever both filters).
 */
export async function listEntries(db: Db, workspaceId: string, query: ListKnowledgeQuery): Promise<KnowledgeList> {
  const tsq = prefixQuery(query.q);
  // A search with no usable words (only punctuation) matches nothing rather than everything.
  if (query.q && !tsq) return emptyList(query);
  const match = tsq ? `and search @@ to_tsquery('replypilot_text', $2)` : `and $2::text is null`;
  // A scan writes many entries at one instant: kind and title then keep them in a stable, readable order.
  const order = tsq ? `ts_rank_cd(search, to_tsquery('replypilot_text', $2)) desc, updated_at desc, id` : `updated_at desc, kind, title, id`;
  const [page, counts] = await Promise.all([
    db.query(
      `select ${entryColumns}, count(*) over ()::int as total
       from knowledge_entries
       where workspace_id = $1 ${match} and ($3::text is null or kind = $3) and ($6::text is null or visibility = $6)
       order by ${order}
       limit $4 offset $5`,
      [workspaceId, tsq, query.kind ?? null, query.limit, (query.page - 1) * query.limit, query.visibility ?? null],
    ),
    db.query(`select kind, visibility, count(*)::int as n from knowledge_entries where workspace_id = $1 ${match} group by kind, visibility`, [
      workspaceId,
      tsq,
    ]),
  ]);
  const entries = z.array(entryRow).parse(page.rows).map(toEntry);
  let total =
    z
      .number()
      .optional()
      .parse((page.rows[0] as { total?: number } | undefined)?.total) ?? 0;
  const countByKind = zeroCounts();
  const visibilityCounts = zeroVisibilityCounts();
  let filteredTotal = 0;
  for (const r of z.array(z.object({ kind: z.enum(knowledgeKinds), visibility: z.enum(knowledgeVisibilities), n: z.number() })).parse(counts.rows)) {
    // Kind counts are for the visibility shown (so the chips add up to the list), and the reverse.
    if (!query.visibility || r.visibility === query.visibility) countByKind[r.kind] += r.n;
    if (!query.kind || r.kind === query.kind) visibilityCounts[r.visibility] += r.n;
    if ((!query.kind || r.kind === query.kind) && (!query.visibility || r.visibility === query.visibility)) filteredTotal += r.n;
  }
  // Past the last page the window count is absent: take the total from the counts instead.
  if (entries.length === 0) total = filteredTotal;
  return {
    entries,
    pagination: { total, pages: Math.ceil(total / query.limit), page: query.page, limit: query.limit },
    counts: countByKind,
    visibilityCounts,
  };
}

function zeroVisibilityCounts(): Record<KnowledgeVisibility, number> {
  return { public: 0, internal: 0 };
}

function zeroCounts(): Record<KnowledgeKind, number> {
  return Object.fromEntries(knowledgeKinds.map((k) => [k, 0])) as Record<KnowledgeKind, number>;
}

function emptyList(query: ListKnowledgeQuery): KnowledgeList {
  return {
    entries: [],
    pagination: { total: 0, pages: 0, page: query.page, limit: query.limit },
    counts: zeroCounts(),
    visibilityCounts: zeroVisibilityCounts(),
  };
}

/** One entry of this workspace, or undefined (another workspace's id included). */
export async function getEntry(db: Db, workspaceId: string, id: string): Promise<KnowledgeEntry | undefined> {
  const { rows } = await db.query(`select ${entryColumns} from knowledge_entries where workspace_id = $1 and id = $2`, [workspaceId, id]);
  return rows[0] ? toEntry(entryRow.parse(rows[0])) : undefined;
}

/**
 * The public API's knowledge list, newest created first by keyset (created_at, id), filtered by
 * kind, visibility and the same prefix search as the app (matches only; no rank order, which a
 * cursor could not page through stably).
 */
export async function listApiEntries(
  db: Db,
  workspaceId: string,
  q: { limit: number; cursor?: Cursor | undefined; kind?: KnowledgeKind | undefined; visibility?: KnowledgeVisibility | undefined; q?: string | undefined },
): Promise<{ data: KnowledgeEntry[]; nextCursor: string | null }> {
  const tsq = prefixQuery(q.q);
  if (q.q && !tsq) return { data: [], nextCursor: null };
  const params: unknown[] = [workspaceId, tsq, q.kind ?? null, q.visibility ?? null];
  const after = keysetAfter(q.cursor, params, 'created_at', 'id');
  params.push(q.limit + 1);
  const { rows } = await db.query(
    `select ${entryColumns}, ${cursorTs('created_at')} as cursor_ts from knowledge_entries
     where workspace_id = $1 and ($2::text is null or search @@ to_tsquery('replypilot_text', $2))
       and ($3::text is null or kind = $3) and ($4::text is null or visibility = $4) and ${after}
     order by created_at desc, id desc limit $${params.length}`,
    params,
  );
  const { rows: page, nextCursor } = keysetPage(z.array(entryRow.extend({ cursor_ts: z.string() })).parse(rows), q.limit);
  return { data: page.map(toEntry), nextCursor };
}
