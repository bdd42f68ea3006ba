import type pg from 'pg';
import { searchKnowledge } from '../../db/knowledge/search-knowledge';
import { benchDatabase, machine, percentile, writeResult } from './bench-kit';
import { questionStream } from './ai/knowledge-corpus';
import { seedKnowledge } from './ai/seed-knowledge';

/**
 * The AI assistant's costs, one section each (results in tests/perf/results/ai.json):
 * - retrieval: `searchKnowledge` (what every answer starts with) with 10,000 entries in the
 *   measured workspace and 100 other workspaces holding 1,000 each. Target p95 ≤ 20 ms.
 * - (to come) model-call overhead: add a section to `sections` below; it receives the seeded
 *   database and writes its figures under its own key.
 */
const MEASURED_ENTRIES = 10_000;
const OTHER_WORKSPACES = 100;
const OTHER_ENTRIES = 1_000;
const WARMUP = 100;
const QUERIES = 3_000;
/** One query at a time (the latency a single answer sees), then four at once (a busy instance on 2 cores). */
const CONCURRENCIES = [1, 4];

export interface BenchContext {
  pool: pg.Pool;
  workspaceId: string;
}
type Section = { name: string; run: (ctx: BenchContext) => Promise<Record<string, unknown>> };

const retrieval: Section = {
  name: 'retrieval',
  async run({ pool, workspaceId }) {
    for (const q of questionStream(WARMUP, 1)) await searchKnowledge(pool, workspaceId, q, { limit: 5 });
    const runs: Record<string, unknown> = {};
    for (const concurrency of CONCURRENCIES) runs[`concurrency${concurrency}`] = await measure(pool, workspaceId, concurrency);
    return { queries: QUERIES, targetP95Ms: 20, ...runs };
  },
};

async function measure(pool: pg.Pool, workspaceId: string, concurrency: number) {
  const stream = questionStream(QUERIES);
  const times: number[] = [];
  const perQuestion = new Map<string, number[]>();
  let empty = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < stream.length) {
        const q = stream[next++]!;
        const t0 = performance.now();
        const hits = await searchKnowledge(pool, workspaceId, q, { limit: 5, maxBodyChars: 1500 });
        const ms = performance.now() - t0;
        times.push(ms);
        perQuestion.set(q, [...(perQuestion.get(q) ?? []), ms]);
        if (hits.length === 0) empty++;
      }
    }),
  );
  times.sort((a, b) => a - b);
  const slowest = [...perQuestion].map(([q, ms]) => ({ q, p95Ms: round(percentile(ms.sort((a, b) => a - b), 95)) })).sort((a, b) => b.p95Ms - a.p95Ms).slice(0, 5);
  const result = {
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    p99Ms: round(percentile(times, 99)),
    maxMs: round(times.at(-1)!),
    emptyResults: empty,
    slowestQuestionsP95: slowest,
  };
  console.log(`retrieval, concurrency ${concurrency}`, result);
  return result;
}

const sections: Section[] = [retrieval];

const round = (n: number) => Math.round(n * 100) / 100;

const { pool, stop } = await benchDatabase();
try {
  const workspaceId = await seedKnowledge(pool, { measuredEntries: MEASURED_ENTRIES, otherWorkspaces: OTHER_WORKSPACES, otherEntries: OTHER_ENTRIES });
  const out: Record<string, unknown> = {
    ranAt: new Date().toISOString(),
    machine: await machine(pool),
    data: { measuredWorkspaceEntries: MEASURED_ENTRIES, otherWorkspaces: OTHER_WORKSPACES, entriesPerOtherWorkspace: OTHER_ENTRIES },
  };
  for (const s of sections) out[s.name] = await s.run({ pool, workspaceId });
  await writeResult('ai', out);
} finally {
  await stop();
}
