import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `npm run bench -- <name>` runs tests/perf/<name>.bench.ts (results land in tests/perf/results/). */
const dir = path.dirname(fileURLToPath(import.meta.url));
const available = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''));
const name = process.argv[2];
if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <name>\navailable: ${available.join(', ')}`);
  process.exit(2);
}
await import(`./${name}.bench.ts`);
