import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { benchmarkDate, commentToReplyP99Ms, replyBoundLabel } from './benchmark-facts';

it('the landing page quotes the committed comment-dm benchmark as it is', () => {
  const file = new URL('../../../../tests/perf/results/comment-dm.json', import.meta.url);
  const result = JSON.parse(readFileSync(file, 'utf8')) as { date: string; steady: { committedEndToEndMs: { p99: number } } };
  expect(commentToReplyP99Ms).toBe(result.steady.committedEndToEndMs.p99);
  expect(benchmarkDate).toBe(result.date.slice(0, 10));
});

it('the "Replied in" figure is a bound on that p99: rounded up to a tenth of a second, never down', () => {
  const seconds = Number(/^≤ (\d+\.\d) s$/.exec(replyBoundLabel)?.[1]);
  expect(seconds * 1000).toBeGreaterThanOrEqual(commentToReplyP99Ms);
  expect(seconds * 1000 - commentToReplyP99Ms).toBeLessThan(100);
});
