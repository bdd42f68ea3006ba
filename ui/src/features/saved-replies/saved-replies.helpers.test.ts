import type { SavedReply } from '@contracts/saved-replies';
import { describe, expect, it } from 'vitest';
import { filterSavedReplies, slashQuery } from './saved-replies.helpers';

const reply = (name: string, content: string): SavedReply => ({ id: name, name, content, createdAt: '', updatedAt: '' });

describe('the / shortcut', () => {
  it('opens on a leading slash and a word, and closes at the first space or any other text', () => {
    expect(slashQuery('/')).toBe('');
    expect(slashQuery('/pri')).toBe('pri');
    expect(slashQuery('/price now')).toBeNull();
    expect(slashQuery('hello /price')).toBeNull();
    expect(slashQuery('')).toBeNull();
  });

  it('lists names starting with the query before names or texts containing it, case-insensitively', () => {
    const replies = [reply('shipping', 'We ship worldwide; see our price list'), reply('Price', 'From $19'), reply('hours', '9–5')];
    expect(filterSavedReplies(replies, '').map((r) => r.name)).toEqual(['shipping', 'Price', 'hours']);
    expect(filterSavedReplies(replies, 'PRI').map((r) => r.name)).toEqual(['Price', 'shipping']);
    expect(filterSavedReplies(replies, 'zzz')).toEqual([]);
  });
});
