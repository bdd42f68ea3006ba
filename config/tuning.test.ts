import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { tuning } from './tuning';

/** The corridor's knobs stay in one documented, frozen place (config/tuning.ts). */
it('is frozen all the way down', () => {
  const walk = (o: object): void => {
    expect(Object.isFrozen(o)).toBe(true);
    for (const v of Object.values(o)) if (typeof v === 'object' && v !== null) walk(v as object);
  };
  walk(tuning);
  expect(() => {
    (tuning.inbound as { batchSize: number }).batchSize = 1;
  }).toThrow();
});

it('every entry says why, citing its ADR', () => {
  const lines = readFileSync(new URL('./tuning.ts', import.meta.url), 'utf8').split('\n');
  const start = lines.findIndex((l) => l.startsWith('export const tuning'));
  const end = lines.findIndex((l, i) => i > start && l === '});');
  const entries: { key: string; doc: string }[] = [];
  for (let i = start + 1; i < end; i++) {
    const entry = /^ {4}(\w+): (?!\{$)/.exec(lines[i]!);
    if (!entry) continue;
    let doc = '';
    for (let j = i - 1; j > start && /^\s*(\/\*\*|\*)/.test(lines[j]!); j--) doc = `${lines[j]} ${doc}`;
    entries.push({ key: entry[1]!, doc });
  }
  // Every entry of every group (a group's entry may be a small object, e.g. linger).
  expect(entries.map((e) => e.key)).toEqual(Object.values(tuning).flatMap((group) => Object.keys(group)));
  expect(entries.filter((e) => !/ADRs? \d{4}/.test(e.doc)).map((e) => e.key)).toEqual([]);
});
