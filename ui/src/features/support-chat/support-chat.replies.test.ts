import { describe, expect, it } from 'vitest';
import { accessLevelFor } from '@contracts/ai';
import { cannedReplyFor, partnerTipFor, replyDelayMs } from './support-chat.replies';

describe('support chat (docs/product-spec.md §4)', () => {
  it('greets by the access level the contract maps from the tier, case-insensitively', () => {
    expect(accessLevelFor('Enterprise', true)).toBe('premium');
    expect(accessLevelFor('PRO', true)).toBe('pro');
    expect(accessLevelFor('chat_lite', true)).toBe('basic');
    expect(accessLevelFor('Pro', false)).toBe('guest');
  });

  it('answers by keyword and falls back to a help menu', () => {
    expect(cannedReplyFor('what does it cost?').reply).toMatch(/Starter \$15\/month \(1,000 messages/);
    expect(cannedReplyFor('connect my Instagram').reply).toMatch(/Facebook Page/);
    expect(cannedReplyFor('qwerty').quickReplies.length).toBeGreaterThan(0);
  });

  it('replies after 800 ms plus up to 400 ms', () => {
    for (let i = 0; i < 50; i += 1) {
      const ms = replyDelayMs();
      expect(ms).toBeGreaterThanOrEqual(800);
      expect(ms).toBeLessThan(1200);
    }
  });
});

describe('greeting keywords', () => {
  it('match whole short words only', () => {
    expect(cannedReplyFor('hi there').reply).toMatch(/^Hello!/);
    expect(cannedReplyFor('tell me the history').reply).not.toMatch(/^Hello!/);
  });
});

describe('partner tip', () => {
  it('follows questions about content, posts or stories, case-insensitively', () => {
    expect(partnerTipFor('Ideas for my next POST?')?.quickReplies).toEqual(['Back to automation setup']);
    expect(partnerTipFor('instagram story replies')).not.toBeNull();
    expect(partnerTipFor('Content calendar')).not.toBeNull();
    expect(partnerTipFor('How much is the price?')).toBeNull();
  });
});
