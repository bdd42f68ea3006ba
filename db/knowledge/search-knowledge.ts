import type pg from 'pg';
import { z } from 'zod';
import type { KnowledgeHit } from '../../contracts/knowledge';
import { entryRow } from './entry-row';

type Db = Pick<pg.Pool, 'query'>;

const hitRow = entryRow
  .pick({ id: true, kind: true, title: true, body: true, price_cents: true, duration: true, url: true, author: true, source: true })
  .extend({ rank: z.number() });

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

/**
 * Above this share of all entries (PostgreSQL's own statistics of the search column, kept by
 * ANALYZE) a word is too common to pick candidates by: "price" or "order" would make every entry
 * of a large workspace a candidate to rank. It still counts in the ranking.
 */
const COMMON_WORD_SHARE = 0.05;
/** At most this many candidates are ranked per pass, whatever the question (one-word questions of common words). */
const MAX_CANDIDATES = 500;

/**
 * The whole search in one statement (one round trip):
 * - `content`: the question's words that full-text search keeps (no stopwords), with how common
 *   each is by the column's pg_stats; `rare`: those under COMMON_WORD_SHARE, or all of them when
 *   every word is common ("price of the course": they pick candidates after all, capped like any pass);
 * - `exact` then `partial`: entries holding every word, then entries holding any rare word, each
 *   capped at MAX_CANDIDATES and ranked by ts_rank_cd against all the words (more matched words
 *   rank higher), both served by the (workspace_id, search) GIN (btree_gin, migration 0015);
 * - `typo`: only when those found fewer than `limit`, a word of 4+ letters of the question (the
 *   longest six rare ones: a common word is spelled right) close to a word of a title, `word <% title`
 *   served by the (workspace_id, title trigrams) GIN, ranked below every full-text hit.
 * Bodies are read and cut for the winners only: reading thousands of page bodies was most of the
 * cost before (tests/perf/results/README.md, ai).
 */
const SEARCH_SQL = `
with words as (
  select w as word, n from unnest($2::text[]) with ordinality as u(w, n)
), content as (
  select word, n, coalesce(s.f, 0)::float8 as share
  from words
  cross join lateral (select (tsvector_to_array(to_tsvector('english', word)))[1] as lex) l
  left join lateral (
    select x.f from pg_stats p, unnest(p.most_common_elems::text::text[], p.most_common_elem_freqs) as x(e, f)
    where p.schemaname = current_schema() and p.tablename = 'knowledge_entries' and p.attname = 'search' and x.e = l.lex
    limit 1
  ) s on true
  where l.lex is not null
), rare as (
  select word, n from content
  where share < ${COMMON_WORD_SHARE} or not exists (select from content where share < ${COMMON_WORD_SHARE})
), q as (
  select websearch_to_tsquery('english', string_agg(word, ' ' order by n)) as all_words,
         websearch_to_tsquery('english', string_agg(word, ' or ' order by n)) as any_word,
         (select websearch_to_tsquery('english', string_agg(word, ' or ' order by n)) from rare) as rare_words
  from content having count(*) > 0
), exact as (
  select id, search from knowledge_entries, q
  where workspace_id = $1 and search @@ q.all_words
  limit ${MAX_CANDIDATES}
), partial as (
  select id, search from knowledge_entries, q
  where workspace_id = $1 and search @@ q.rare_words and id not in (select id from exact)
  limit ${MAX_CANDIDATES}
), best as (
  select id, tier, ts_rank_cd(search, q.any_word)::float8 as rank
  from (select id, search, 1 as tier from exact union all select id, search, 0 from partial) c, q
  order by tier desc, rank desc limit $4
), fuzzy as (
  select word from rare where char_length(word) >= 4 order by char_length(word) desc, n limit 6
), typo as (
  select k.id, -1 as tier, (max(word_similarity(f.word, k.title)) * 0.01)::float8 as rank
  from fuzzy f
  join knowledge_entries k on k.workspace_id = $1 and f.word <% k.title
  where (select count(*) from best) < $4 and k.id not in (select id from best)
  group by k.id
  order by rank desc, k.updated_at desc, k.id
  limit $4
), found as (
  select id, tier, rank from best
  union all
  select id, tier, rank from typo
)
select k.id, k.kind, k.title, left(k.body, $3) as body, k.price_cents, k.duration, k.url, k.author, k.source, found.rank
from found join knowledge_entries k using (id)
order by found.tier desc, found.rank desc, k.updated_at desc, k.id
limit $4`;

/** The statement and parameters searchKnowledge runs (null: no words to search), for its EXPLAIN in the bench. */
export function searchKnowledgeStatement(workspaceId: string, question: string, opts: { limit?: number; maxBodyChars?: number } = {}) {
  const words = queryWords(question);
  if (words.length === 0) return null;
  return { sql: SEARCH_SQL, params: [workspaceId, words, opts.maxBodyChars ?? 1500, opts.limit ?? 5] };
}

/** The workspace's entries that best answer `question`, always scoped to one workspace (SEARCH_SQL). */
export async function searchKnowledge(
  db: Db,
  workspaceId: string,
  question: string,
  opts: { limit?: number; maxBodyChars?: number } = {},
): Promise<KnowledgeHit[]> {
  const statement = searchKnowledgeStatement(workspaceId, question, opts);
  if (!statement) return [];
  // Named: prepared once per connection, so the plan of this large statement is not made again per question.
  const { rows } = await db.query({ name: 'search-knowledge', text: statement.sql, values: statement.params });
  return z.array(hitRow).parse(rows).map(toHit);
}
