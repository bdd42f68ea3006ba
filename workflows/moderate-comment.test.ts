import { describe, expect, it } from 'vitest';
import { defaultModerationSettings, type ModerationSettings } from '../contracts/comment-moderation';
import { containsLink, moderationReason, repeatKey } from './moderate-comment';

const on = (s: Partial<ModerationSettings>): ModerationSettings => ({ ...defaultModerationSettings, enabled: true, ...s });

describe('comment moderation rule matcher', () => {
  it('does nothing when off or unset', () => {
    expect(moderationReason(null, 'buy followers', 9)).toBeNull();
    expect(moderationReason({ ...on({ keywords: ['buy'] }), enabled: false }, 'buy followers', 9)).toBeNull();
  });

  it('keywords match whole words in any letter case, the keyword is the reason', () => {
    const s = on({ keywords: ['followers', 'dm me'] });
    expect(moderationReason(s, 'Cheap FOLLOWERS here', null)).toEqual({ kind: 'keyword', keyword: 'followers' });
    expect(moderationReason(s, 'please DM me now', null)).toEqual({ kind: 'keyword', keyword: 'dm me' });
    expect(moderationReason(s, 'followersxyz', null)).toBeNull();
  });

  it('links: schemes, www. and bare domains; not abbreviations or numbers', () => {
    for (const t of ['see https://x.co/a', 'www.spam.example now', 'visit cheap-likes.shop', 'bit.ly/abc', 'HTTP://EVIL.RU'])
      expect(containsLink(t), t).toBe(true);
    for (const t of ['e.g. this', 'version 3.5 is out', 'love it!', 'i.e. yes', 'Mr. Smith']) expect(containsLink(t), t).toBe(false);
    expect(moderationReason(on({ blockLinks: true }), 'go to spam.com', null)).toEqual({ kind: 'link' });
    expect(moderationReason(on({ blockLinks: false }), 'go to spam.com', null)).toBeNull();
  });

  it('repeats: the Nth same text within the hour and later ones, not before; the count is the caller’s', () => {
    const s = on({ repeatLimit: 3 });
    expect(moderationReason(s, 'first!', 2)).toBeNull();
    expect(moderationReason(s, 'first!', 3)).toEqual({ kind: 'repeat', times: 3 });
    expect(moderationReason(s, 'first!', 5)).toEqual({ kind: 'repeat', times: 5 });
    expect(moderationReason(s, 'first!', null)).toBeNull();
    expect(repeatKey('  Win  NOW ')).toBe(repeatKey('win now'));
  });

  it('keywords come before links, links before repeats', () => {
    const s = on({ keywords: ['promo'], blockLinks: true, repeatLimit: 2 });
    expect(moderationReason(s, 'promo at spam.com', 4)).toEqual({ kind: 'keyword', keyword: 'promo' });
    expect(moderationReason(s, 'see spam.com', 4)).toEqual({ kind: 'link' });
  });
});
