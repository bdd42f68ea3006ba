import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config';

/** Every variable config/config.ts reads is in .env.example (with its default) and in README.md. */
const root = new URL('../', import.meta.url);
const keys = Object.keys(envSchema.shape);
const example = readFileSync(new URL('.env.example', root), 'utf8');
const readme = readFileSync(new URL('README.md', root), 'utf8');
const exampleKeys = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);

describe('environment variables are documented', () => {
  it('reads at least the variables the README has always named', () => {
    expect(keys).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'SESSION_SECRET', 'SMTP_URL']));
  });

  it('lists every variable of the env schema in .env.example', () => {
    expect(keys.filter((k) => !exampleKeys.includes(k))).toEqual([]);
  });

  it('lists nothing in .env.example that the env schema does not read', () => {
    expect(exampleKeys.filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('gives each variable in .env.example a comment line above it', () => {
    const lines = example.split('\n');
    const bare = lines.flatMap((line, i) => {
      const key = /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(line)?.[1];
      if (!key) return [];
      // A comment (not another variable) somewhere in the group of lines right above it.
      let j = i - 1;
      while (j >= 0 && /^#?\s*[A-Z][A-Z0-9_]*=/.test(lines[j]!)) j--;
      return j >= 0 && lines[j]!.startsWith('# ') ? [] : [key];
    });
    expect(bare).toEqual([]);
  });

  it('names every variable in README.md', () => {
    expect(keys.filter((k) => !readme.includes(`\`${k}\``))).toEqual([]);
  });
});
