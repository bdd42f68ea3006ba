import type pg from 'pg';
import { z } from 'zod';
import type { KnowledgeAudience, KnowledgeHit } from '../../contracts/knowledge';
import { entryRow } from './entry-row';
import { normalise, questionTerms } from './question-terms';

type Db = Pick<pg.Pool, 'query'>;

const hitRow = entryRow
  .pick({ id: true, kind: true, title: true, body: true, price_cents: true, duration: true, url: true, author: true, source: true })
  .extend({ score: z.number(), passage: z.string().nullable() });

/** A quoted passage stays short: a DM quotes what answers, not the entry. */
const MAX_PASSAGE_CHARS = 320;

function cutPassage(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX_PASSAGE_CHARS) return flat;
  const cut = flat.slice(0, MAX_PASSAGE_CHARS - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_PASSAGE_CHARS / 2)).trimEnd()}…`;
}

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
  passage: cutPassage(r.passage ?? r.body),
  score: Math.round(r.score * 100) / 100,
});

/**
 * Words of a text for a search box (the Knowledge page's filter): letters and digits, at most 32
 * distinct ones. Generous: a cap of 12 cut the words that mattered off the end of a long question.
 */
export function queryWords(text: string): string[] {
  return [...new Set(normalise(text))].slice(0, 32);
}

/**
 * Weight of a question word nothing in the knowledge base holds, as a share of the rarest word's
 * weight: a question about "pizza" asked of a bakery that has no pizza entry matches its other words
 * less well. Tuned on the evaluation's tuning split and its unanswerable questions
 * (tests/perf/kb-eval/README.md).
 */
const UNKNOWN_WORD_SHARE = 0.35;
/** How much a match counts by where it is: the title (an FAQ's question, an offer's name) says what the entry is about. */
const TITLE_EXACT = 1;
const TITLE_CONCEPT = 0.95;
const TEXT_EXACT = 0.7;
const TEXT_CONCEPT = 0.4;
/**
 * The share of the match score that is how much of the entry's title the question asks about (the
 * rest: how much of the question the entry holds). "Price of a single cupcake" asks about all of
 * "Pricing" and a quarter of "Kids' cupcake decorating party". Computed for the RERANK best.
 */
const TITLE_SHARE = 0.1;
const RERANK = 20;
/** Document frequencies are counted up to this (a rarer word's weight is exact; a commoner one's only needs to be low). */
const DF_CAP = 150;
/** Entries counted for N, the base of the weights. */
const N_CAP = 2_000;
/** The passage is looked for in the first this many characters of a long page. */
const PASSAGE_SCAN_CHARS = 8000;
/** Candidates per rare term, and for the entries holding every term. */
const PER_TERM_CANDIDATES = 60;
const ALL_TERMS_CANDIDATES = 100;
/**
 * From this many entries on, a word held by at least COMMON_SHARE of the table's rows (pg_stats'
 * most common elements of `search`, kept by ANALYZE) counts as held by DF_CAP entries without counting.
 */
const STATS_FROM = 2_000;
const COMMON_SHARE = 0.05;
/** An offer's price (price_cents) answering a price question: like a concept word in the text. */
const PRICE_FACT = TEXT_CONCEPT;

/** The same tsquery restricted to titles (weight A): each quoted lexeme of its text gets `:A`. */
const titleOnly = (col: string) => `case when ${col} is not null then regexp_replace(${col}::text, '''([^'']+)''', '''\\1'':A', 'g')::tsquery end`;

/**
 * The whole search in one statement (one round trip), a weighted-coverage ranking (ADR 0037;
 * tuned on tests/perf/kb-eval's tuning split):
 * - `t`: the question's terms (question-terms.ts): each of its words and, for a lexicon word, the
 *   words an entry would use for it ("cost" → price, fee, charge; "envíos" → ship, shipping, mail);
 *   words outside the lexicon that are English, Spanish or German stop words are dropped;
 * - `base`: which terms some entry the audience may see holds (`df`), and how many hold each one in
 *   their written text, title or body (`df_text`, counted up to DF_CAP: the hidden facts, such as
 *   every priced offer's "price", would make price words look common), both served by the
 *   (workspace_id, search) GIN; a term's weight is idf = ln(1 + (N − df_text + ½)/(df_text + ½));
 * - `fixed`: a word no entry holds (a typo) is replaced, at 0.8 of its weight, by the lexicon word it
 *   is a letter or two from ("deliever" → deliver, question-terms.ts), else by the closest word of a
 *   title ("sourdouhg" → sourdough; `word <% title`, the (workspace_id, title trigrams) GIN);
 * - `cand`: entries holding every term, and the first entries holding each term;
 * - `scored`: how much of the question an entry holds = Σ idf × weight × where the term matched
 *   (title: TITLE_EXACT for the question's own word, TITLE_CONCEPT for a concept's word; body or
 *   facts: TEXT_EXACT / TEXT_CONCEPT) ÷ (Σ idf of the terms some entry holds + UNKNOWN_WORD_SHARE ×
 *   the rarest weight for each term none holds);
 * - `best`: the match score = (1 − TITLE_SHARE) × that + TITLE_SHARE × the share of the entry's title
 *   words the question asks about, for the RERANK best. 1: the title is the question's words exactly.
 * - `passage`: for the winners, the sentence of the body that holds the most of the question's
 *   weight (the first sentence when the match was in the title: an FAQ's answer starts with it).
 * A contact's search reads public entries only (ADR 0037): the filter is in the statement's text.
 */
const SEARCH_SQL = (audience: KnowledgeAudience) => {
  // Inlined, not a parameter: each audience is its own prepared statement, planned for its own filter.
  const AUDIENCE = audience === 'contact' ? `and visibility = 'public'` : '';
  const AUDIENCE_K = audience === 'contact' ? `and k.visibility = 'public'` : '';
  return `
with t as (
  select n, exact, alts, plain, fuzzy, weight, corr_exact, corr_alts, price, corr_price
  from unnest($2::text[], $3::text[], $4::bool[], $5::text[], $6::float8[], $7::text[], $8::text[], $9::bool[], $10::bool[])
       with ordinality as u(exact, alts, plain, fuzzy, weight, corr_exact, corr_alts, price, corr_price, n)
  where not plain or not (numnode(to_tsquery('english', exact)) = 0 or numnode(to_tsquery('spanish', exact)) = 0 or numnode(to_tsquery('german', exact)) = 0)
), scope as (
  select count(*)::float8 as n,
         exists (select from knowledge_entries where workspace_id = $1 ${AUDIENCE} and price_cents is not null) as priced
  from (select 1 from knowledge_entries where workspace_id = $1 ${AUDIENCE} limit ${N_CAP}) x
), q as materialized (
  -- Materialized: each term's tsqueries are parsed once, not again wherever a later step reads them.
  select n, weight, fuzzy, plain, corr_exact, corr_alts, price, corr_price,
         case when numnode(to_tsquery('replypilot_text', exact)) > 0 then to_tsquery('replypilot_text', exact) end as ex,
         case when alts <> '' then to_tsquery('replypilot_text', alts) end as alt
  from t
), qa as materialized (
  select q.*, coalesce(q.ex, ''::tsquery) || coalesce(q.alt, ''::tsquery) as anyq from q
), base as (
  -- In a large knowledge base a word common in the whole table (PostgreSQL's own statistics) is taken
  -- as common here without counting: counting reads its long posting list.
  select qa.*, coalesce(cardinality(h.ids), ${DF_CAP})::float8 as df, h.ids
  from qa, scope
  cross join lateral (
    select case when scope.n >= ${STATS_FROM} and exists (
                  select from pg_stats p, unnest(p.most_common_elems::text::text[], p.most_common_elem_freqs) as x(e, f)
                  where p.schemaname = current_schema() and p.tablename = 'knowledge_entries' and p.attname = 'search'
                    and x.f >= ${COMMON_SHARE} and x.e in (select m[1] from regexp_matches(qa.anyq::text, '''([^'']+)''', 'g') m))
                then null
                -- The entries holding it, up to DF_CAP: its document frequency, and its candidates if it is rare.
                else array(select k.id from knowledge_entries k where k.workspace_id = $1 ${AUDIENCE_K} and k.search @@ qa.anyq limit ${DF_CAP})
           end as ids
    -- offset 0: evaluated once per term; pulled up, its subqueries were run once for each use of h.ids.
    offset 0) h
  where numnode(qa.anyq) > 0
), fixed as (
  select b.n, b.weight * 0.8 as weight, to_tsquery('replypilot_text', b.corr_exact) as ex, to_tsquery('replypilot_text', b.corr_alts) as alt,
         b.corr_price as price
  from base b, scope
  where b.df = 0 and not (b.price and scope.priced) and b.corr_exact <> ''
  union all
  select b.n, b.weight * 0.8 as weight, to_tsquery('replypilot_text', best.w) as ex, null::tsquery, false
  from base b
  cross join lateral (
    select w from (
      select k.title from knowledge_entries k
      where k.workspace_id = $1 ${AUDIENCE_K} and b.fuzzy <% k.title
      limit 50) kt
    cross join lateral regexp_split_to_table(lower(kt.title), '[^[:alnum:]]+') w
    where char_length(w) >= 3 and similarity(w, b.fuzzy) >= 0.3
    order by similarity(w, b.fuzzy) desc, w
    limit 1) best
  where b.df = 0 and b.fuzzy is not null and b.corr_exact = ''
), terms as (
  select b.n, b.weight, b.ex, b.alt, b.anyq, b.df, b.price, b.ids from base b, scope where b.df > 0 or (b.price and scope.priced)
  union all
  select f.n, f.weight, f.ex, f.alt, f.ex || coalesce(f.alt, ''::tsquery), cardinality(h.ids)::float8, f.price, h.ids
  from fixed f
  cross join lateral (
    select array(select k.id from knowledge_entries k
                 where k.workspace_id = $1 ${AUDIENCE_K} and k.search @@ (f.ex || coalesce(f.alt, ''::tsquery)) limit ${DF_CAP}) as ids offset 0) h
  where numnode(f.ex || coalesce(f.alt, ''::tsquery)) > 0
), weighted as (
  select terms.*, ln(1 + (scope.n - greatest(df, 1) + 0.5) / (greatest(df, 1) + 0.5)) as idf,
         ${titleOnly('ex')} as ex_a, ${titleOnly('alt')} as alt_a
  from terms, scope where df > 0 or (price and scope.priced)
), denominator as (
  select coalesce((select sum(idf) from weighted), 0)
         + ${UNKNOWN_WORD_SHARE} * ln(1 + (scope.n + 0.5) / 0.5)
           * (select count(*) from base b where not exists (select from weighted w where w.n = b.n)) as d
  from scope
), everything as (
  select (string_agg('(' || anyq::text || ')', ' & '))::tsquery as all_terms,
         (string_agg('(' || anyq::text || ')', ' | '))::tsquery as any_term
  from weighted where df > 0
), cand as (
  -- The entries holding every term, and the first entries of each rarer term (held by fewer than
  -- DF_CAP entries: "order" or "price" would make most of a large workspace candidates), or of every
  -- term when none is rarer.
  select id from (
    select k.id from knowledge_entries k, everything e
    where k.workspace_id = $1 ${AUDIENCE_K} and e.all_terms is not null and k.search @@ e.all_terms
    limit ${ALL_TERMS_CANDIDATES}) a
  union
  select unnest(w.ids[1:${PER_TERM_CANDIDATES}]) from weighted w
  where w.df > 0 and (w.df < ${DF_CAP} or not exists (select from weighted w2 where w2.df > 0 and w2.df < ${DF_CAP}))
), scored as materialized (
  -- d.v: the entry's tsvector read (and decompressed) once, not once per test below.
  select k.id,
         (select sum(w.idf * w.weight * greatest(
                   case when w.df > 0 and d.v @@ w.anyq then greatest(
                     case when w.ex_a is not null and d.v @@ w.ex_a then ${TITLE_EXACT} else 0 end,
                     case when w.alt_a is not null and d.v @@ w.alt_a then ${TITLE_CONCEPT} else 0 end,
                     case when w.ex is not null and d.v @@ w.ex then ${TEXT_EXACT} else 0 end,
                     case when w.alt is not null and d.v @@ w.alt then ${TEXT_CONCEPT} else 0 end) else 0 end,
                   case when w.price and k.price_cents is not null then ${PRICE_FACT} else 0 end))
          from weighted w) / nullif((select d from denominator), 0) as score
  from cand join knowledge_entries k using (id)
  cross join lateral (select k.search || ''::tsvector as v offset 0) d
), top as (
  select id, score from scored where score > 0
  order by score desc, id limit ${RERANK}
), asked as (
  select array_agg(distinct m[1]) as lexemes from weighted, regexp_matches(anyq::text, '''([^'']+)''', 'g') m
), best as (
  select top.id, (1 - ${TITLE_SHARE}) * top.score + ${TITLE_SHARE} * coalesce((
           select avg(case when l = any(asked.lexemes) then 1 else 0 end)
           from unnest(tsvector_to_array(to_tsvector('replypilot_text', k.title))) l
           where position('-' in l) = 0), 0) as score,
         coalesce(ts_rank(k.search, e.any_term), 0) as closeness
  from top join knowledge_entries k using (id), asked, everything e
  order by score desc, closeness desc, id limit $12
)
select k.id, k.kind, k.title, left(k.body, $11) as body, k.price_cents, k.duration, k.url, k.author, k.source, best.score,
       -- The best hit only: what an answer to a contact quotes (the others are given as their text).
       case when best.id = (select id from best order by score desc, closeness desc, id limit 1) then
         (select s.sentence from regexp_split_to_table(left(k.body, ${PASSAGE_SCAN_CHARS}), '(?<=[.!?])\\s+|\\n+') with ordinality as s(sentence, ord)
          where btrim(s.sentence) <> ''
          order by (select coalesce(sum(w.idf * w.weight), 0) from weighted w where w.df > 0 and to_tsvector('replypilot_text', s.sentence) @@ w.anyq) desc, s.ord
          limit 1) end as passage
from best join knowledge_entries k using (id)
order by best.score desc, best.closeness desc, k.updated_at desc, k.id`;
};

export interface SearchOptions {
  /** `contact`: public entries only (ADR 0037); `workspace`: every entry. */
  audience: KnowledgeAudience;
  limit?: number;
  maxBodyChars?: number;
}

/** The statement and parameters searchKnowledge runs (null: no words to search), for its EXPLAIN in the bench. */
export function searchKnowledgeStatement(workspaceId: string, question: string, opts: SearchOptions) {
  const terms = questionTerms(question);
  if (terms.length === 0) return null;
  return {
    name: `search-knowledge-${opts.audience}`,
    sql: SEARCH_SQL(opts.audience),
    params: [
      workspaceId,
      terms.map((t) => t.exact),
      terms.map((t) => t.alts),
      terms.map((t) => t.plain),
      terms.map((t) => t.fuzzy),
      terms.map((t) => t.weight),
      terms.map((t) => t.correctedExact),
      terms.map((t) => t.correctedAlts),
      terms.map((t) => t.price),
      terms.map((t) => t.correctedPrice),
      opts.maxBodyChars ?? 1500,
      opts.limit ?? 5,
    ],
  };
}

/**
 * The workspace's entries that best answer `question`, best first, each with its match score and
 * the passage that answers; always scoped to one workspace, and to its public entries when a
 * contact asks (SEARCH_SQL).
 */
export async function searchKnowledge(db: Db, workspaceId: string, question: string, opts: SearchOptions): Promise<KnowledgeHit[]> {
  const statement = searchKnowledgeStatement(workspaceId, question, opts);
  if (!statement) return [];
  // Named: prepared once per connection, so the plan of this large statement is not made again per question.
  const { rows } = await db.query({ name: statement.name, text: statement.sql, values: statement.params });
  return z.array(hitRow).parse(rows).map(toHit);
}
