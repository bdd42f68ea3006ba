import type pg from 'pg';
import { z } from 'zod';
import { knowledgeKinds, profileQuestionIds } from '../../../contracts/knowledge';
import { insertKnowledgeEntry } from '../../../db/knowledge/write-entries';
import knowledgeBase from './knowledge-base.json' with { type: 'json' };
import tuneQuestions from './questions-tune.json' with { type: 'json' };
import heldOutQuestions from './questions-heldout.json' with { type: 'json' };
import unanswerableQuestions from './unanswerable.json' with { type: 'json' };

/**
 * The knowledge-base evaluation (docs: tests/perf/kb-eval/README.md): a small business's knowledge
 * base and questions a customer would DM, each with the entries that answer it. The questions were
 * written and split (a third held out, by a hash of their text) before retrieval was tuned; tuning
 * looks at the misses of `questions-tune.json` only, never at the held-out file's questions.
 */
const entrySchema = z.object({
  key: z.string(),
  kind: z.enum(knowledgeKinds),
  questionId: z.enum(profileQuestionIds).optional(),
  title: z.string(),
  body: z.string(),
  priceCents: z.number().int().nullish(),
  duration: z.string().nullish(),
  url: z.string().nullish(),
  author: z.string().nullish(),
  source: z.enum(['typed', 'scan', 'onboarding']).optional(),
  visibility: z.enum(['public', 'internal']),
});
export type EvalEntry = z.infer<typeof entrySchema>;

const questionSchema = z.object({
  id: z.string(),
  q: z.string(),
  /** Entries that answer it (any of them counts as a hit). */
  expect: z.array(z.string()).min(1),
  lang: z.enum(['en', 'es', 'de']),
  tags: z.array(z.string()),
});
export type EvalQuestion = z.infer<typeof questionSchema> & { split: 'tune' | 'heldout' };

export const evalEntries: EvalEntry[] = z.object({ entries: z.array(entrySchema) }).parse(knowledgeBase).entries;
export const evalQuestions: EvalQuestion[] = [
  ...z
    .array(questionSchema)
    .parse(tuneQuestions)
    .map((q) => ({ ...q, split: 'tune' as const })),
  ...z
    .array(questionSchema)
    .parse(heldOutQuestions)
    .map((q) => ({ ...q, split: 'heldout' as const })),
];
/** Questions nothing in the knowledge base answers: their best match score shows where a threshold must sit. */
export const unanswerable = z.array(z.object({ q: z.string(), lang: z.enum(['en', 'es', 'de']) })).parse(unanswerableQuestions);

/** Inserts the evaluation's knowledge base into a workspace; returns entry key → id. */
export async function seedEvalKnowledge(pool: pg.Pool, workspaceId: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const e of evalEntries) {
    const id = await insertKnowledgeEntry(pool, workspaceId, {
      kind: e.kind,
      title: e.title,
      body: e.body,
      questionId: e.questionId ?? null,
      priceCents: e.priceCents ?? null,
      duration: e.duration ?? null,
      url: e.url ?? null,
      author: e.author ?? null,
      source: e.source ?? 'typed',
      visibility: e.visibility,
    });
    ids.set(e.key, id);
  }
  await pool.query('analyze knowledge_entries');
  return ids;
}

/** What a search returns for the evaluation: ids best first, with the score shown to users. */
export type EvalSearch = (question: string) => Promise<{ id: string; score: number }[]>;

export interface QuestionResult {
  id: string;
  q: string;
  split: 'tune' | 'heldout';
  lang: string;
  tags: string[];
  expect: string[];
  /** Keys of the top three hits. */
  got: string[];
  topScore: number | null;
  /**
   * Best expected entry's score minus the best other entry's (within the first `depth` hits; a
   * missing one counts 0): how safely the question is answered, the tuning objective once every
   * tuning question is a hit.
   */
  margin: number;
  hit1: boolean;
  hit3: boolean;
}

export interface Rates {
  n: number;
  hit1: number;
  hit3: number;
}

export function rates(results: QuestionResult[]): Rates {
  const n = results.length;
  const share = (f: (r: QuestionResult) => boolean) => (n === 0 ? 0 : Math.round((results.filter(f).length / n) * 1000) / 1000);
  return { n, hit1: share((r) => r.hit1), hit3: share((r) => r.hit3) };
}

/** Runs `questions` through `search`: hit@1 and hit@3 per question (a hit is any expected entry). */
export async function evaluate(search: EvalSearch, ids: Map<string, string>, questions: EvalQuestion[]): Promise<QuestionResult[]> {
  const keyOf = new Map([...ids].map(([k, v]) => [v, k]));
  const out: QuestionResult[] = [];
  for (const q of questions) {
    const hits = await search(q.q);
    const got = hits.slice(0, 3).map((h) => keyOf.get(h.id) ?? h.id);
    const best = (right: boolean) => Math.max(0, ...hits.filter((h) => q.expect.includes(keyOf.get(h.id) ?? '') === right).map((h) => h.score));
    out.push({
      id: q.id,
      q: q.q,
      split: q.split,
      lang: q.lang,
      tags: q.tags,
      expect: q.expect,
      got,
      topScore: hits[0]?.score ?? null,
      margin: Math.round((best(true) - best(false)) * 1000) / 1000,
      hit1: got.length > 0 && q.expect.includes(got[0]!),
      hit3: got.some((k) => q.expect.includes(k)),
    });
  }
  return out;
}

/** Whole set, tuning split, held-out third, and per language: the figures the bench reports. */
export function summarise(results: QuestionResult[]) {
  const by = (f: (r: QuestionResult) => boolean) => rates(results.filter(f));
  return {
    all: rates(results),
    tune: by((r) => r.split === 'tune'),
    heldout: by((r) => r.split === 'heldout'),
    english: by((r) => r.lang === 'en'),
    spanishOrGerman: by((r) => r.lang !== 'en'),
    typos: by((r) => r.tags.includes('typo')),
    priceQuestions: by((r) => r.tags.includes('price')),
  };
}
