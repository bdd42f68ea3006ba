import type pg from 'pg';
import { z } from 'zod';
import { knowledgeKinds, knowledgeSources, type KnowledgeHit } from '../../contracts/knowledge';

type Db = Pick<pg.Pool, 'query'>;

const hitRow = z.object({
  id: z.string(),
  kind: z.enum(knowledgeKinds),
  title: z.string(),
  body: z.string(),
  price_cents: z.number().nullable(),
  duration: z.string().nullable(),
  url: z.string().nullable(),
  author: z.string().nullable(),
  source: z.enum(knowledgeSources),
  rank: z.number(),
});

const toHit = (r: z.infer<typeof hitRow>): KnowledgeHit => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  priceCents: r.price_cents,
  duration: r.duration,
  url: r.url,
  author: r.author,
  source: r.source,
  rank: r.rank,
});

/** Words of a question worth searching for: letters and digits, at most 12, longest first for the typo pass. */
export function queryWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 12);
}

const columns = `id, kind, title, left(body, $3) as body, price_cents, duration, url, author, source`;

/**
 * The workspace's entries that best answer `question`. Full-text search first, with OR between the
 * words (a question rarely repeats every word of its answer; ts_rank_cd then prefers entries that
 * match more of them); when that finds fewer than `limit`, a pg_trgm pass on titles catches typos
 * ("shiping" → "Shipping"), ranked below every full-text hit. Always scoped to one workspace.
 */
export async function searchKnowledge(
  db: Db,
  workspaceId: string,
  question: string,
  opts: { limit?: number; maxBodyChars?: number } = {},
): Promise<KnowledgeHit[]> {
  const limit = opts.limit ?? 5;
  const maxBody = opts.maxBodyChars ?? 1500;
  const words = queryWords(question);
  if (words.length === 0) return [];

  const { rows } = await db.query(
    `select ${columns}, ts_rank_cd(search, q)::float8 as rank
     from knowledge_entries, websearch_to_tsquery('english', $2) q
     where workspace_id = $1 and search @@ q
     order by rank desc, updated_at desc, id
     limit $4`,
    [workspaceId, words.join(' or '), maxBody, limit],
  );
  const hits = z.array(hitRow).parse(rows).map(toHit);
  if (hits.length >= limit) return hits;

  // Typos: a word of the question close to a word of a title. Only words of 4+ letters (short ones
  // match too much), the longest six; `word <% title` is served by the title's trigram index.
  const fuzzy = words
    .filter((w) => w.length >= 4)
    .sort((a, b) => b.length - a.length)
    .slice(0, 6);
  if (fuzzy.length === 0) return hits;
  const params: unknown[] = [workspaceId, hits.map((h) => h.id), maxBody, limit - hits.length];
  const conditions = fuzzy.map((w) => {
    params.push(w);
    return `$${params.length} <% title`;
  });
  const similarity = fuzzy.map((_, i) => `word_similarity($${i + 5}, title)`).join(', ');
  const typo = await db.query(
    `select ${columns}, (greatest(${similarity}) * 0.01)::float8 as rank
     from knowledge_entries
     where workspace_id = $1 and not (id = any($2::uuid[])) and (${conditions.join(' or ')})
     order by rank desc, updated_at desc, id
     limit $4`,
    params,
  );
  return [...hits, ...z.array(hitRow).parse(typo.rows).map(toHit)];
}
