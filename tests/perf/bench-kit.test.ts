import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { driveLoad, latencyStats, percentile, timeRequests } from './bench-kit';

/** A fake request that takes `ms` and records when it started and how many were in flight. */
function probe(ms: number) {
  let open = 0;
  const seen = { mostOpen: 0, startedAt: [] as number[], indices: [] as number[] };
  const request = async (i: number) => {
    seen.startedAt[i] = performance.now();
    seen.indices.push(i);
    open++;
    seen.mostOpen = Math.max(seen.mostOpen, open);
    await sleep(ms);
    open--;
    return i * 10;
  };
  return { request, seen };
}

describe('latencyStats', () => {
  it('counts and takes nearest-rank percentiles of unsorted milliseconds, to 0.1 ms', () => {
    const ms = Array.from({ length: 100 }, (_, i) => 100 - i + 0.04); // 100.04 … 1.04
    expect(latencyStats(ms)).toEqual({ n: 100, p50: 50, p95: 95, p99: 99, max: 100 });
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(latencyStats([])).toMatchObject({ n: 0, max: 0 });
  });
});

describe('timeRequests (closed loop)', () => {
  it('runs `count` requests, each index once, never more than `concurrency` at a time, and times each', async () => {
    const { request, seen } = probe(15);
    const run = await timeRequests(request, { count: 10, concurrency: 3 });
    expect(seen.indices.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(seen.mostOpen).toBe(3);
    expect(run).toMatchObject({ sent: 10, failed: 0, firstFailure: null });
    expect(run.samples).toHaveLength(10);
    for (const s of run.samples) {
      expect(s.value).toBe(s.i * 10);
      expect(s.ms).toBeGreaterThanOrEqual(14);
    }
    expect(run.ms).toEqual([...run.ms].sort((a, b) => a - b));
    // 10 requests of 15 ms, 3 at a time: at least 4 rounds.
    expect(run.seconds).toBeGreaterThanOrEqual(0.059);
  });

  it('one at a time by default', async () => {
    const { request, seen } = probe(5);
    await timeRequests(request, { count: 4 });
    expect(seen.mostOpen).toBe(1);
  });

  it('for `seconds`, starts no request after the time is up', async () => {
    const { request, seen } = probe(20);
    const run = await timeRequests(request, { seconds: 0.2, concurrency: 2 });
    expect(run.sent).toBeGreaterThanOrEqual(2);
    expect(run.sent).toBeLessThanOrEqual(22);
    expect(Math.max(...seen.startedAt)).toBeLessThan(run.startedAt + 200 + 5); // the check and the start are a moment apart
  });

  it('counts failures with the first reason when tolerated, and otherwise ends with the error', async () => {
    const flaky = async (i: number) => {
      await sleep(1);
      if (i % 2 === 1) throw new Error(`HTTP ${500 + i}`);
      return i;
    };
    const run = await timeRequests(flaky, { count: 6, tolerateFailures: true });
    expect(run).toMatchObject({ sent: 6, failed: 3, firstFailure: 'HTTP 501' });
    expect(run.samples.map((s) => s.i)).toEqual([0, 2, 4]);
    const refused = new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:1') });
    const down = await timeRequests(() => Promise.reject(refused), { count: 1, tolerateFailures: true });
    expect(down.firstFailure).toBe('Error: connect ECONNREFUSED 127.0.0.1:1');
    await expect(timeRequests(flaky, { count: 6 })).rejects.toThrow('HTTP 501');
  });
});

describe('driveLoad (open loop)', () => {
  it('starts request i at i / rate seconds, never early, without waiting for the answers', async () => {
    const { request, seen } = probe(60);
    const run = await driveLoad(request, { rate: 200, count: 20 });
    expect(run).toMatchObject({ sent: 20, failed: 0 });
    expect(run.samples).toHaveLength(20);
    for (let i = 0; i < 20; i++) expect(seen.startedAt[i]).toBeGreaterThanOrEqual(run.startedAt + i * 5 - 1);
    // Answers take 60 ms and one starts every 5 ms: many are in flight at once.
    expect(seen.mostOpen).toBeGreaterThan(5);
    expect(run.maxLagMs).toBeGreaterThanOrEqual(0);
    // The last starts at 95 ms and takes 60 ms.
    expect(run.seconds).toBeGreaterThanOrEqual(0.15);
  });

  it('sends rate × seconds requests', async () => {
    const { request } = probe(1);
    const run = await driveLoad(request, { rate: 100, seconds: 0.2 });
    expect(run.sent).toBe(20);
  });

  it('stops at the first error unless failures are tolerated', async () => {
    const failAt3 = async (i: number) => {
      if (i === 3) throw new Error('HTTP 503');
      await sleep(1);
    };
    const tolerated = await driveLoad(failAt3, { rate: 500, count: 10, tolerateFailures: true });
    expect(tolerated).toMatchObject({ sent: 10, failed: 1, firstFailure: 'HTTP 503' });
    await expect(driveLoad(failAt3, { rate: 500, count: 10 })).rejects.toThrow('HTTP 503');
  });
});
