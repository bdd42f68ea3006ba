import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/** docs/adr/README.md indexes every ADR once, with the status its own Status line gives. */
const dir = path.resolve(import.meta.dirname, '../docs/adr');
const records = readdirSync(dir).filter((f) => /^\d{4}-.*\.md$/.test(f));
const index = readFileSync(path.join(dir, 'README.md'), 'utf8');
const rows = new Map(
  [...index.matchAll(/^\| \[(\d{4})\]\(([^)]+)\) \|[^|]+\| (structure|performance) \| (\w+) \|[^|]+\|$/gm)].map((m) => [m[1]!, { file: m[2]!, status: m[4]! }]),
);

it('lists every record once, linking its file, with its status', () => {
  expect(records.length).toBeGreaterThan(30);
  expect([...rows.keys()].sort()).toEqual(records.map((f) => f.slice(0, 4)).sort());
  for (const file of records) {
    const row = rows.get(file.slice(0, 4))!;
    expect(row.file).toBe(file);
    const status = /^Status: (\w+)/m.exec(readFileSync(path.join(dir, file), 'utf8'))?.[1];
    expect(row.status, file).toBe(status);
  }
});
