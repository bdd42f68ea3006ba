import { describe, expect, it } from 'vitest';
import { formatUsd, parseUsd } from './lead-format';

describe('lead money', () => {
  it('shows cents as USD', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(129900)).toBe('$1,299.00');
    expect(formatUsd(5)).toBe('$0.05');
  });

  it('reads typed dollars as cents', () => {
    expect(parseUsd('$1,299.50')).toBe(129950);
    expect(parseUsd('12')).toBe(1200);
    expect(parseUsd('')).toBe(0);
    expect(parseUsd('0.1')).toBe(10);
    expect(parseUsd('12.345')).toBeNull();
    expect(parseUsd('-5')).toBeNull();
    expect(parseUsd('ten')).toBeNull();
  });
});
