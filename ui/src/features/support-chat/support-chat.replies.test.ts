import { describe, expect, it } from 'vitest';
import { accessLevelFor, cannedReplyFor, replyDelayMs } from './support-chat.replies';

describe('support chat (docs/product-spec.md §4)', () => {
  it('maps subscription tiers to access levels, case-insensitively', () => {
    expect(accessLevelFor('Enterprise', true)).toBe('premium');
    expect(accessLevelFor('chat_master', true)).toBe('premium');
    expect(accessLevelFor('PRO', true)).toBe('pro');
    expect(accessLevelFor('chat_lite', true)).toBe('basic');
    expect(accessLevelFor('Free', true)).toBe('free');
    expect(accessLevelFor('Pro', false)).toBe('guest');
  });

  it('answers by keyword and falls back to a help menu', () => {
    expect(cannedReplyFor('what does it cost?').reply).toMatch(/Auto Starter/);
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
