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

/**
 * Words of a question worth searching for: letters and digits, at most 32 distinct ones. Generous
 * because stopwords are only dropped later (contentWords): a cap of 12 cut the words that mattered
 * off the end of a long, chatty question.
 */
export function queryWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 32);
}

const columns = `id, kind, title, left(body, $3) as body, price_cents, duration, url, author, source`;

/**
 * Above this share of all entries (PostgreSQL's own statistics of the search column, kept by
 * ANALYZE) a word is too common to pick candidates by: "price" or "order" would make every entry
 * of a large workspace a candidate to rank. It still counts in the ranking.
 */
const COMMON_WORD_SHARE = 0.05;
/** At most this many candidates are ranked per pass, whatever the question (one-word questions of common words). */
const MAX_CANDIDATES = 500;

/** The question's words that full-text search keeps (no stopwords), with how common each is. */
async function contentWords(db: Db, words: string[]): Promise<{ word: string; share: number }[]> {
  const { rows } = await db.query(
    `select w as word, coalesce(s.f, 0)::float8 as share
     from unnest($1::text[]) w
     cross join lateral (select (tsvector_to_array(to_tsvector('english', w)))[1] as lex) l
     left join lateral (
       select x.f from pg_stats p, unnest(p.most_common_elems::text::text[], p.most_common_elem_freqs) as x(e, f)
       where p.schemaname = current_schema() and p.tablename = 'knowledge_entries' and p.attname = 'search' and x.e = l.lex
       limit 1
     ) s on true
     where l.lex is not null`,
    [words],
  );
  return z.array(z.object({ word: z.string(), share: z.number() })).parse(rows);
}

/**
 * The full-text passes in one statement: entries holding every word of the question first, then
 * entries holding any of its less common words, each capped at MAX_CANDIDATES and ranked by
 * ts_rank_cd against all the words (more matched words rank higher). Bodies are read for the
 * winners only: reading and cutting thousands of page bodies was most of the cost before
 * (tests/perf/results/README.md, ai).
 */
async function fullTextHits(db: Db, workspaceId: string, allWords: string, rareWords: string, maxBody: number, limit: number) {
  const { rows } = await db.query(
    `with exact as (
       select id, search from knowledge_entries
       where workspace_id = $1 and search @@ websearch_to_tsquery('english', $2)
       limit ${MAX_CANDIDATES}
     ), partial as (
       select id, search from knowledge_entries
       where $5 <> '' and workspace_id = $1 and search @@ websearch_to_tsquery('english', $5)
         and id not in (select id from exact)
       limit ${MAX_CANDIDATES}
     ), best as (
       select id, tier, ts_rank_cd(search, websearch_to_tsquery('english', $6))::float8 as rank
       from (select id, search, 1 as tier from exact union all select id, search, 0 from partial) c
       order by tier desc, rank desc limit $4
     )
     select ${columns}, best.rank from best join knowledge_entries k using (id)
     order by best.tier desc, best.rank desc, k.updated_at desc, k.id`,
    [workspaceId, allWords, maxBody, limit, rareWords, allWords.replaceAll(' ', ' or ')],
  );
  return z.array(hitRow).parse(rows).map(toHit);
}

/**
 * The workspace's entries that best answer `question`, always scoped to one workspace:
 * 1. entries holding every word of the question (precise);
 * 2. then entries holding any of its less common words (a question rarely repeats every word of
 *    its answer);
 * 3. when those find fewer than `limit`, a pg_trgm pass on titles catches typos ("shiping" →
 *    "Shipping"), ranked below every full-text hit.
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

  // Stopwords ("what", "does") are dropped: they match nothing in full text and too much by trigram.
  const content = await contentWords(db, words);
  if (content.length === 0) return [];
  let rare = content.filter((c) => c.share < COMMON_WORD_SHARE).map((c) => c.word);
  // Only common words ("price of the course"): they pick candidates after all, capped like any pass.
  if (rare.length === 0) rare = content.map((c) => c.word);
  const hits = await fullTextHits(db, workspaceId, content.map((c) => c.word).join(' '), rare.join(' or '), maxBody, limit);
  if (hits.length >= limit) return hits;

  // Typos: a word of the question close to a word of a title. Only words of 4+ letters (short ones
  // match too much), the longest six; `word <% title` is served by the title's trigram index.
  // A common word is spelled right (it is in the index's statistics): only the others may be typos.
  const fuzzy = rare
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
