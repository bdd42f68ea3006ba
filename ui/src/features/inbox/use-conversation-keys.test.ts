import { describe, expect, it } from 'vitest';
import { neighbour } from './use-conversation-keys';

describe('keyboard navigation between conversations', () => {
  const ids = ['a', 'b', 'c'];
  it('moves down and up the list, and stops at either end', () => {
    expect(neighbour(ids, 'a', 1)).toBe('b');
    expect(neighbour(ids, 'b', -1)).toBe('a');
    expect(neighbour(ids, 'c', 1)).toBeNull();
    expect(neighbour(ids, 'a', -1)).toBeNull();
  });

  it('opens the first conversation when none (or one no longer listed) is open', () => {
    expect(neighbour(ids, null, 1)).toBe('a');
    expect(neighbour(ids, 'gone', -1)).toBe('a');
    expect(neighbour([], null, 1)).toBeNull();
  });
});
