import { describe, expect, it } from 'vitest';
import { formatDuration, pacingLines, rateText } from './broadcast-confirm';

describe('broadcast confirmation wording', () => {
  it('durations and rates in people’s terms', () => {
    expect(formatDuration(0)).toBe('under a second');
    expect(formatDuration(1)).toBe('1 second');
    expect(formatDuration(300)).toBe('5 minutes');
    expect(formatDuration(9000)).toBe('2.5 hours');
    expect(rateText(60)).toBe('15 DMs per 15 minutes');
    expect(rateText(360_000)).toBe('100 DMs a second');
  });
  it('one line per platform reached', () => {
    expect(
      pacingLines({
        pacing: [
          { platform: 'instagram', reachable: 3, perHour: 360_000, burst: 10, etaSeconds: 0 },
          { platform: 'facebook', reachable: 0, perHour: 1_080_000, burst: 300, etaSeconds: 0 },
          { platform: 'twitter', reachable: 20, perHour: 60, burst: 15, etaSeconds: 300 },
        ],
      }),
    ).toEqual(['Instagram: 3 at 100 DMs a second — under a second', 'X: 20 at 15 DMs per 15 minutes (the first 15 at once) — 5 minutes']);
  });
});
