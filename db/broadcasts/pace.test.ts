import { describe, expect, it } from 'vitest';
import { dmLimitOf, paceEtaMs } from './pace';

describe('paceEtaMs', () => {
  it('a burst goes at once; the rest one interval apart', () => {
    const x = dmLimitOf('twitter'); // 15 DMs per 15 minutes: 60 per hour, burst 15 (docs/platform-apis.md §4.3)
    expect(x).toEqual({ perHour: 60, burst: 15 });
    expect(paceEtaMs(15, x, 0)).toBe(0);
    expect(paceEtaMs(20, x, 0)).toBe(5 * 60_000);
    expect(paceEtaMs(0, x, 0)).toBe(0);
  });
  it('slots already taken on the account push it back', () => {
    const ig = dmLimitOf('instagram'); // 100 per second, burst 10
    expect(paceEtaMs(3, ig, 0)).toBe(0);
    expect(paceEtaMs(3, ig, 60_000)).toBe(60_000 - 7 * 10);
    expect(paceEtaMs(1_000, ig, 0)).toBe(990 * 10);
  });
});
