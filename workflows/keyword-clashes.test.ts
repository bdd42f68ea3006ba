import { describe, expect, it } from 'vitest';
import { keywordClashes } from './keyword-clashes';

describe('keywordClashes', () => {
  it('flags the same keyword (any case), whole-word overlaps, and flows that answer every comment', () => {
    const others = [
      { with: 'rule' as const, id: 'r1', name: 'discount, coupon', keywords: ['Discount', 'coupon'] },
      { with: 'flow' as const, id: 'f1', name: 'Price flow', keywords: ['the price'] },
      { with: 'flow' as const, id: 'f2', name: 'All comments', keywords: [] },
    ];
    expect(keywordClashes(['discount', 'price', 'priceless'], others)).toEqual([
      { keyword: 'discount', with: 'rule', id: 'r1', name: 'discount, coupon', theirs: 'Discount' },
      { keyword: 'price', with: 'flow', id: 'f1', name: 'Price flow', theirs: 'the price' },
      { keyword: 'discount', with: 'flow', id: 'f2', name: 'All comments', theirs: 'every comment' },
      { keyword: 'price', with: 'flow', id: 'f2', name: 'All comments', theirs: 'every comment' },
      { keyword: 'priceless', with: 'flow', id: 'f2', name: 'All comments', theirs: 'every comment' },
    ]);
    expect(keywordClashes(['hello'], others.slice(0, 2))).toEqual([]);
  });
});
