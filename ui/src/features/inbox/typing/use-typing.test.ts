import { describe, expect, it } from 'vitest';
import type { TypingNotice } from '@contracts/ws';
import { typingText } from './use-typing';

const n = (name: string, mode: 'reply' | 'note' = 'reply'): TypingNotice => ({ conversationId: 'c', userId: name, name, mode, active: true });

describe('typingText', () => {
  it('names who is replying or writing a note, one line', () => {
    expect(typingText([])).toBe('');
    expect(typingText([n('Ada Lee')])).toBe('Ada Lee is replying…');
    expect(typingText([n('Ada'), n('Ben')])).toBe('Ada and Ben are replying…');
    expect(typingText([n('Ada'), n('Ben'), n('Cy')])).toBe('Ada and 2 others are replying…');
    expect(typingText([n('Ada'), n('Ben', 'note')])).toBe('Ada is replying… · Ben is writing a note…');
  });
});
