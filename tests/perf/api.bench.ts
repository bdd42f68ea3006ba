import os from 'node:os';
import type pg from 'pg';
import { benchDatabase, machine, writeResult } from './bench-kit';
import * as importPart from './api/import';

/**
 * `npm run bench -- api [part]`: the open platform's benchmarks, one part per file in tests/perf/api/
 * (each exports `run(dbUrl, pool)`), each on a fresh database. BENCH_NOTE="…" is written with the
 * figures (say when the machine was shared).
 */
const parts: Record<string, { run(dbUrl: string, pool: pg.Pool): Promise<unknown> }> = {
  import: importPart,
};
const only = process.argv[3];
if (only && !parts[only]) {
  console.error(`unknown part ${only}; parts: ${Object.keys(parts).join(', ')}`);
  process.exit(2);
}
const results: Record<string, unknown> = {};
let env: Awaited<ReturnType<typeof machine>> | undefined;
const loadAverageAtStart = os.loadavg().map((l) => +l.toFixed(1));
for (const [name, part] of Object.entries(parts)) {
  if (only && name !== only) continue;
  const { db, pool, stop } = await benchDatabase();
  try {
    env ??= await machine(pool);
    results[name] = await part.run(db.url, pool);
  } finally {
    await stop();
  }
}
await writeResult('api', { at: new Date().toISOString(), machine: env, loadAverageAtStart, note: process.env.BENCH_NOTE ?? null, results });
process.exit(0);
