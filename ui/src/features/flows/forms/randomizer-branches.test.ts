import { describe, expect, it } from 'vitest';
import { branchPercents, nextBranchKey } from './randomizer-branches';

describe('randomizer branches', () => {
  it('turns weights into percentages', () => {
    expect(
      branchPercents([
        { key: 'A', weight: 50 },
        { key: 'B', weight: 50 },
      ]),
    ).toEqual([50, 50]);
    expect(
      branchPercents([
        { key: 'A', weight: 1 },
        { key: 'B', weight: 2 },
      ]),
    ).toEqual([33, 67]);
    expect(
      branchPercents([
        { key: 'A', weight: 0 },
        { key: 'B', weight: null },
      ]),
    ).toEqual([0, 0]);
  });
  it('names a new branch with the first free letter', () => {
    expect(
      nextBranchKey([
        { key: 'A', weight: 1 },
        { key: 'B', weight: 1 },
      ]),
    ).toBe('C');
    expect(nextBranchKey([{ key: 'B', weight: 1 }])).toBe('A');
  });
});
