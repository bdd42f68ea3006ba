import { aiReplyDefault } from '../../contracts/flows/nodes/ai-reply';
import { searchKnowledge } from '../../db/knowledge/search-knowledge';
import { benchDatabase, machine, writeResult } from './bench-kit';
import { evalEntries, evalQuestions, evaluate, seedEvalKnowledge, summarise, unanswerable, type QuestionResult } from './kb-eval/kb-eval';

/**
 * `npm run bench -- kb-eval`: how well the knowledge-only assistant finds the entry that answers a
 * customer's question (tests/perf/kb-eval/README.md). The real retrieval (`searchKnowledge`, the
 * one the AI Reply node and the chat use) against a real embedded PostgreSQL, migrated; hit@1 and
 * hit@3 on the whole set, the tuning split and the held-out third. Deterministic: the same code
 * gives the same figures on any machine, so the result is committed (results/kb-eval.json).
 * Only the tuning split's misses are printed: the held-out third is reported as figures alone.
 */
const DEFAULT_THRESHOLD = aiReplyDefault.confidenceThreshold;

const { pool, stop } = await benchDatabase();
try {
  const { rows } = await pool.query<{ id: string }>(`insert into workspaces (name) values ('Nora''s Bakery') returning id`);
  const workspaceId = rows[0]!.id;
  const ids = await seedEvalKnowledge(pool, workspaceId);
  const search = async (q: string) =>
    (await searchKnowledge(pool, workspaceId, q, { audience: 'contact', limit: 5 })).map((h) => ({ id: h.id, score: h.score }));

  const results = await evaluate(search, ids, evalQuestions);
  const summary = summarise(results);
  const unanswered = [];
  for (const u of unanswerable) unanswered.push({ q: u.q, topScore: (await search(u.q))[0]?.score ?? null });

  const misses = (r: QuestionResult) => r.split === 'tune' && !r.hit1;
  console.log('tuning split, not first:');
  for (const r of results.filter(misses)) console.log(`  ${r.id} ${JSON.stringify(r.q)} expected ${r.expect.join('|')} got ${r.got.join(', ') || '(nothing)'}`);
  const tune = results.filter((r) => r.split === 'tune');
  const margins = tune.map((r) => r.margin).sort((a, b) => a - b);
  const tuneMargin = {
    mean: Math.round((margins.reduce((a, b) => a + b, 0) / margins.length) * 1000) / 1000,
    median: margins[Math.floor(margins.length / 2)],
    under005: margins.filter((m) => m < 0.05).length,
  };
  console.log('tuning split, closest calls:');
  for (const r of [...tune].sort((a, b) => a.margin - b.margin).slice(0, 8))
    console.log(`  ${r.id} ${r.margin} ${JSON.stringify(r.q)} got ${r.got.join(', ')}`);
  console.log({ tuneMargin, ...summary });

  // Where the AI Reply node's default threshold (0.6) sits: answers it would send, right and wrong, and unanswerable questions it would answer.
  const share = (n: number) => Math.round((n / results.length) * 1000) / 1000;
  const atDefaultThreshold = {
    threshold: DEFAULT_THRESHOLD,
    sentAndRight: share(results.filter((r) => r.hit1 && (r.topScore ?? 0) >= DEFAULT_THRESHOLD).length),
    sentAndWrong: share(results.filter((r) => !r.hit1 && (r.topScore ?? 0) >= DEFAULT_THRESHOLD).length),
    unanswerableSent: unanswered.filter((u) => (u.topScore ?? 0) >= DEFAULT_THRESHOLD).length,
  };
  console.log({ atDefaultThreshold });

  await writeResult('kb-eval', {
    ranAt: new Date().toISOString(),
    machine: await machine(pool),
    data: {
      entries: evalEntries.length,
      questions: evalQuestions.length,
      heldOut: results.filter((r) => r.split === 'heldout').length,
      unanswerable: unanswerable.length,
    },
    ...summary,
    tuneMargin,
    atDefaultThreshold,
    unanswerable: unanswered,
    tuningMisses: results.filter(misses).map(({ id, q, expect, got }) => ({ id, q, expect, got })),
  });
} finally {
  await stop();
}
