import { describe, expect, it } from 'vitest';
import { formatClock, formatDayLabel, formatListTime, localDayKey } from './format-time';

describe('formatListTime', () => {
  const now = new Date(2025, 5, 15, 18, 0);
  it('shows the time today, a weekday this week, a date otherwise', () => {
    expect(formatListTime(new Date(2025, 5, 15, 9, 5).toISOString(), now, 'en-GB')).toBe('09:05');
    expect(formatListTime(new Date(2025, 5, 13, 9, 5).toISOString(), now, 'en-GB')).toBe('Fri');
    expect(formatListTime(new Date(2025, 1, 3).toISOString(), now, 'en-GB')).toBe('3 Feb');
    expect(formatListTime(new Date(2023, 1, 3).toISOString(), now, 'en-GB')).toBe('3 Feb 2023');
  });

  it('is empty for missing or broken values', () => {
    expect(formatListTime(null, now)).toBe('');
    expect(formatListTime('not a date', now)).toBe('');
  });
});

describe('formatClock', () => {
  it('is 24-hour hh:mm', () => {
    expect(formatClock(new Date(2025, 0, 1, 14, 7).toISOString(), 'en-GB')).toBe('14:07');
  });
});

describe('formatDayLabel / localDayKey', () => {
  const now = new Date(2026, 10, 23, 15, 0);
  it('names today and yesterday, then the date', () => {
    expect(formatDayLabel(new Date(2026, 10, 23, 0, 5).toISOString(), now, 'en-US')).toBe('Today');
    expect(formatDayLabel(new Date(2026, 10, 22, 23, 59).toISOString(), now, 'en-US')).toBe('Yesterday');
    expect(formatDayLabel(new Date(2026, 2, 4, 12).toISOString(), now, 'en-US')).toBe('Wednesday, March 4');
    expect(formatDayLabel(new Date(2023, 2, 4, 12).toISOString(), now, 'en-US')).toBe('March 4, 2023');
  });
  it('groups instants by local calendar day', () => {
    expect(localDayKey(new Date(2026, 10, 23, 0, 1).toISOString())).toBe(localDayKey(new Date(2026, 10, 23, 23, 59).toISOString()));
    expect(localDayKey(new Date(2026, 10, 23, 0, 1).toISOString())).not.toBe(localDayKey(new Date(2026, 10, 22, 23, 59).toISOString()));
  });
});
