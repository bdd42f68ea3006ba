import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { benchDatabase, machine, root, writeResult } from './bench-kit';
import * as importPart from './api/import';
import * as v1ListsPart from './api/v1-lists';
import * as webhooksFanoutPart from './api/webhooks-fanout';

/**
 * `npm run bench -- api [part]`: the open platform's benchmarks, one part per file in tests/perf/api/
 * (each exports `run(dbUrl, pool)`), each on a fresh database. BENCH_NOTE="…" is written with the
 * figures (say when the machine was shared). `api <part>` re-measures that part and keeps the others'
 * last figures in tests/perf/results/api.json (each part says when it was measured).
 */
const parts: Record<string, { run(dbUrl: string, pool: pg.Pool): Promise<object> }> = {
  import: importPart,
  'webhooks-fanout': webhooksFanoutPart,
  'v1-lists': v1ListsPart,
};
const only = process.argv[3];
if (only && !parts[only]) {
  console.error(`unknown part ${only}; parts: ${Object.keys(parts).join(', ')}`);
  process.exit(2);
}
const loadAverageAtStart = () => os.loadavg().map((l) => +l.toFixed(1));
// One part run alone keeps the other parts' last figures, each stamped with when it was measured.
const previous = await readPrevious();
const results: Record<string, unknown> = only ? previous : {};
let env: Awaited<ReturnType<typeof machine>> | undefined;
for (const [name, part] of Object.entries(parts)) {
  if (only && name !== only) continue;
  const { db, pool, stop } = await benchDatabase();
  try {
    env ??= await machine(pool);
    const startedAt = { measuredAt: new Date().toISOString(), loadAverageAtStart: loadAverageAtStart() };
    results[name] = { ...startedAt, ...(await part.run(db.url, pool)) };
  } finally {
    await stop();
  }
}
await writeResult('api', { at: new Date().toISOString(), machine: env, note: process.env.BENCH_NOTE ?? null, results });
process.exit(0);

/** The results file's parts as last written (older files had one `at` for all: each part gets it). */
async function readPrevious(): Promise<Record<string, unknown>> {
  try {
    const file = JSON.parse(await readFile(path.join(root, 'tests/perf/results/api.json'), 'utf8')) as {
      at?: string;
      loadAverageAtStart?: number[];
      results?: Record<string, Record<string, unknown>>;
    };
    return Object.fromEntries(
      Object.entries(file.results ?? {}).map(([k, v]) => [k, { measuredAt: file.at, loadAverageAtStart: file.loadAverageAtStart, ...v }]),
    );
  } catch {
    return {};
  }
}
