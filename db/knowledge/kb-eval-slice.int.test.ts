import { beforeAll, expect, it } from 'vitest';
import { evalEntries, evalQuestions, evaluate, rates, seedEvalKnowledge } from '../../tests/perf/kb-eval/kb-eval';
import { useTestPool } from '../../tests/support/test-db';
import { searchKnowledge } from './search-knowledge';

// A third of the knowledge-base evaluation (tests/perf/kb-eval/README.md), every third question of
// both splits, against the real search: a change to retrieval that loses answers fails here, not
// only in `npm run bench -- kb-eval` (which reports the whole set: hit@1 0.95 when this was written).
const { pool } = await useTestPool({ max: 2 });
let workspaceId: string;
let ids: Map<string, string>;
const slice = evalQuestions.filter((_, i) => i % 3 === 0);

beforeAll(async () => {
  workspaceId = (await pool.query<{ id: string }>(`insert into workspaces (name) values ('Nora''s Bakery') returning id`)).rows[0]!.id;
  ids = await seedEvalKnowledge(pool, workspaceId);
});

const search = async (q: string) => (await searchKnowledge(pool, workspaceId, q, { audience: 'contact', limit: 5 })).map((h) => ({ id: h.id, score: h.score }));

it('finds the answering entry first for at least 9 questions in 10 of the slice, and among the first three for all', async () => {
  expect(slice.length).toBeGreaterThanOrEqual(35);
  const results = await evaluate(search, ids, slice);
  const r = rates(results);
  const misses = results.filter((x) => !x.hit1).map((x) => `${x.q} → ${x.got.join(', ')}`);
  expect(r.hit1, misses.join('\n')).toBeGreaterThanOrEqual(0.9);
  expect(results.filter((x) => !x.hit3).map((x) => x.q)).toEqual([]);
});

it('never hands a contact an internal entry, even when the question asks for it', async () => {
  const internal = new Set(evalEntries.filter((e) => e.visibility === 'internal').map((e) => ids.get(e.key)));
  for (const q of [...slice.map((x) => x.q), 'internal pricing staff discount code', 'opening checklist alarm code']) {
    const hits = await search(q);
    expect(hits.filter((h) => internal.has(h.id))).toEqual([]);
  }
});
