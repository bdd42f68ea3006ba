import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/** ARCHITECTURE.md stays a 15-minute read (ADR 0034): the statement-level narrative lives in docs/inbound-pipeline.md. */
it('ARCHITECTURE.md is at most 300 lines', () => {
  const text = readFileSync(path.resolve(import.meta.dirname, '../ARCHITECTURE.md'), 'utf8');
  expect(text.trimEnd().split('\n').length).toBeLessThanOrEqual(300);
});
