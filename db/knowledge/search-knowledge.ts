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
const DF_CAP = 1000;
/** Entries counted for N, the base of the weights. */
const N_CAP = 20_000;
/** Candidates per term, and for the entries holding every term. */
const PER_TERM_CANDIDATES = 100;
const ALL_TERMS_CANDIDATES = 200;

/** The same tsquery restricted to titles (weight A): each quoted lexeme of its text gets `:A`. */
const titleOnly = (col: string) => `case when ${col} is not null then regexp_replace(${col}::text, '''([^'']+)''', '''\\1'':A', 'g')::tsquery end`;

/**
 * The whole search in one statement (one round trip), a weighted-coverage ranking (ADR 0034;
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
 * `$2` true: public entries only (a contact's question, ADR 0034).
 */
const SEARCH_SQL = `
with t as (
  select n, exact, alts, plain, fuzzy, weight, corr_exact, corr_alts
  from unnest($3::text[], $4::text[], $5::bool[], $6::text[], $7::float8[], $8::text[], $9::text[])
       with ordinality as u(exact, alts, plain, fuzzy, weight, corr_exact, corr_alts, n)
  where not plain or not (numnode(to_tsquery('english', exact)) = 0 or numnode(to_tsquery('spanish', exact)) = 0 or numnode(to_tsquery('german', exact)) = 0)
), scope as (
  select count(*)::float8 as n from (
    select 1 from knowledge_entries where workspace_id = $1 and (not $2 or visibility = 'public') limit ${N_CAP}) x
), q as (
  select n, weight, fuzzy, plain, corr_exact, corr_alts,
         case when numnode(to_tsquery('replypilot_text', exact)) > 0 then to_tsquery('replypilot_text', exact) end as ex,
         case when alts <> '' then to_tsquery('replypilot_text', alts) end as alt
  from t
), base as (
  select q.*, coalesce(q.ex, ''::tsquery) || coalesce(q.alt, ''::tsquery) as anyq,
         (select count(*) from (
            select 1 from knowledge_entries k
            where k.workspace_id = $1 and (not $2 or k.visibility = 'public')
              and k.search @@ (coalesce(q.ex, ''::tsquery) || coalesce(q.alt, ''::tsquery))
            limit ${DF_CAP}) x)::float8 as df,
         (select count(*) from (
            select 1 from knowledge_entries k
            where k.workspace_id = $1 and (not $2 or k.visibility = 'public')
              and k.search @@ regexp_replace((coalesce(q.ex, ''::tsquery) || coalesce(q.alt, ''::tsquery))::text, '''([^'']+)''', '''\\1'':AB', 'g')::tsquery
            limit ${DF_CAP}) x)::float8 as df_text
  from q
  where numnode(coalesce(q.ex, ''::tsquery) || coalesce(q.alt, ''::tsquery)) > 0
), fixed as (
  select b.n, b.weight * 0.8 as weight, to_tsquery('replypilot_text', b.corr_exact) as ex, to_tsquery('replypilot_text', b.corr_alts) as alt
  from base b
  where b.df = 0 and b.corr_exact <> ''
  union all
  select b.n, b.weight * 0.8 as weight, to_tsquery('replypilot_text', best.w) as ex, null::tsquery
  from base b
  cross join lateral (
    select w from (
      select k.title from knowledge_entries k
      where k.workspace_id = $1 and (not $2 or k.visibility = 'public') and b.fuzzy <% k.title
      limit 50) kt
    cross join lateral regexp_split_to_table(lower(kt.title), '[^[:alnum:]]+') w
    where char_length(w) >= 3 and similarity(w, b.fuzzy) >= 0.3
    order by similarity(w, b.fuzzy) desc, w
    limit 1) best
  where b.df = 0 and b.fuzzy is not null and b.corr_exact = ''
), terms as (
  select n, weight, ex, alt, anyq, greatest(df_text, 1) as df from base where df > 0
  union all
  select f.n, f.weight, f.ex, f.alt, f.ex || coalesce(f.alt, ''::tsquery),
         (select count(*) from (
            select 1 from knowledge_entries k
            where k.workspace_id = $1 and (not $2 or k.visibility = 'public') and k.search @@ (f.ex || coalesce(f.alt, ''::tsquery))
            limit ${DF_CAP}) x)::float8
  from fixed f where numnode(f.ex || coalesce(f.alt, ''::tsquery)) > 0
), weighted as (
  select terms.*, ln(1 + (scope.n - df + 0.5) / (df + 0.5)) as idf,
         ${titleOnly('ex')} as ex_a, ${titleOnly('alt')} as alt_a
  from terms, scope where df > 0
), denominator as (
  select coalesce((select sum(idf) from weighted), 0)
         + ${UNKNOWN_WORD_SHARE} * ln(1 + (scope.n + 0.5) / 0.5)
           * (select count(*) from base b where b.df = 0 and not exists (select from weighted w where w.n = b.n)) as d
  from scope
), everything as (
  select (string_agg('(' || anyq::text || ')', ' & '))::tsquery as all_terms,
         (string_agg('(' || anyq::text || ')', ' | '))::tsquery as any_term
  from weighted
), cand as (
  select id from (
    select k.id from knowledge_entries k, everything e
    where k.workspace_id = $1 and (not $2 or k.visibility = 'public') and e.all_terms is not null and k.search @@ e.all_terms
    limit ${ALL_TERMS_CANDIDATES}) a
  union
  select c.id from weighted w
  cross join lateral (
    select k.id from knowledge_entries k
    where k.workspace_id = $1 and (not $2 or k.visibility = 'public') and k.search @@ w.anyq
    limit ${PER_TERM_CANDIDATES}) c
), scored as (
  select k.id,
         (select sum(w.idf * w.weight * greatest(
                   case when w.ex_a is not null and k.search @@ w.ex_a then ${TITLE_EXACT} else 0 end,
                   case when w.alt_a is not null and k.search @@ w.alt_a then ${TITLE_CONCEPT} else 0 end,
                   case when w.ex is not null and k.search @@ w.ex then ${TEXT_EXACT} else 0 end,
                   case when w.alt is not null and k.search @@ w.alt then ${TEXT_CONCEPT} else 0 end))
          from weighted w) / nullif((select d from denominator), 0) as score,
         ts_rank_cd(k.search, e.any_term) as closeness
  from cand join knowledge_entries k using (id), everything e
), top as (
  select id, score, closeness from scored where score > 0
  order by score desc, closeness desc, id limit ${RERANK}
), asked as (
  select array_agg(distinct m[1]) as lexemes from weighted, regexp_matches(anyq::text, '''([^'']+)''', 'g') m
), best as (
  select top.id, (1 - ${TITLE_SHARE}) * top.score + ${TITLE_SHARE} * coalesce((
           select avg(case when l = any(asked.lexemes) then 1 else 0 end)
           from unnest(tsvector_to_array(ts_filter(k.search, '{a}'))) l
           where position('-' in l) = 0), 0) as score,
         top.closeness
  from top join knowledge_entries k using (id), asked
  order by score desc, closeness desc, id limit $11
)
select k.id, k.kind, k.title, left(k.body, $10) as body, k.price_cents, k.duration, k.url, k.author, k.source, best.score,
       (select s.sentence from regexp_split_to_table(left(k.body, 8000), '(?<=[.!?])\\s+|\\n+') with ordinality as s(sentence, ord)
        where btrim(s.sentence) <> ''
        order by (select coalesce(sum(w.idf * w.weight), 0) from weighted w where to_tsvector('replypilot_text', s.sentence) @@ w.anyq) desc, s.ord
        limit 1) as passage
from best join knowledge_entries k using (id)
order by best.score desc, best.closeness desc, k.updated_at desc, k.id`;

export interface SearchOptions {
  /** `contact`: public entries only (ADR 0034); `workspace`: every entry. */
  audience: KnowledgeAudience;
  limit?: number;
  maxBodyChars?: number;
}

/** The statement and parameters searchKnowledge runs (null: no words to search), for its EXPLAIN in the bench. */
export function searchKnowledgeStatement(workspaceId: string, question: string, opts: SearchOptions) {
  const terms = questionTerms(question);
  if (terms.length === 0) return null;
  return {
    sql: SEARCH_SQL,
    params: [
      workspaceId,
      opts.audience === 'contact',
      terms.map((t) => t.exact),
      terms.map((t) => t.alts),
      terms.map((t) => t.plain),
      terms.map((t) => t.fuzzy),
      terms.map((t) => t.weight),
      terms.map((t) => t.correctedExact),
      terms.map((t) => t.correctedAlts),
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
  const { rows } = await db.query({ name: 'search-knowledge', text: statement.sql, values: statement.params });
  return z.array(hitRow).parse(rows).map(toHit);
}
