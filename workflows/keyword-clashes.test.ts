import { describe, expect, it } from 'vitest';
import type { KeywordClaim } from '../contracts/keyword-clashes';
import { flowClaim, forecastInbound, keywordClashes, ruleClaim } from './keyword-clashes';

const rule = (id: string, keywords: string[], extra: Partial<Parameters<typeof ruleClaim>[0]> = {}) =>
  ruleClaim({ id, keywords, platform: 'instagram', automationType: 'all_posts', postId: null, createdAt: `2026-01-0${id.length}T00:00:00.000Z`, ...extra });
const flow = (
  id: string,
  keywords: string[],
  trigger: Partial<Parameters<typeof flowClaim>[1]> = {},
  platform: 'instagram' | 'multi' | 'twitter' = 'instagram',
) => flowClaim({ id, name: `Flow ${id}`, platform }, { type: 'comment', keywords, accountId: null, postId: null, ...trigger }, accounts);
const accounts = [
  { id: 'ig-1', platform: 'instagram' as const },
  { id: 'fb-1', platform: 'facebook' as const },
];
const newRule = (keywords: string[], extra: Partial<Parameters<typeof ruleClaim>[0]> = {}) => rule('new', keywords, { createdAt: null, ...extra });

describe('keywordClashes: rule against rule', () => {
  it('the older rule wins a shared keyword (any case, whole-word parts); a rule that is all taken could never fire', () => {
    const older = rule('r1', ['Price', 'cost']);
    const report = keywordClashes(newRule(['price', 'hello']), [older]);
    expect(report.clashes).toEqual([
      expect.objectContaining({ keyword: 'price', with: 'rule', id: 'r1', theirs: 'Price', winner: 'them', why: 'older_rule', covered: true }),
    ]);
    expect(report.clashes[0]!.message).toBe(
      '“price”: the older rule “Price, cost” listens for “Price” and answers first (the oldest matching rule answers; a comment gets one private reply).',
    );
    expect(report.neverFires).toBeNull();

    // "the price" always contains "price": fully taken. "priceless" never does.
    const dead = keywordClashes(newRule(['the price', 'COST']), [older]);
    expect(dead.neverFires).toBe(
      'This rule could never answer a comment: older rules answer every comment it matches first — “the price” (rule “Price, cost”); “COST” (rule “Price, cost”). Change its keywords, or pause the other rule.',
    );
    expect(keywordClashes(newRule(['priceless']), [older]).clashes).toEqual([]);
    // "price" is part of "the price": they overlap, but "price" alone still reaches the new rule.
    const partial = keywordClashes(newRule(['price']), [rule('r2', ['the price'])]);
    expect(partial.clashes).toEqual([expect.objectContaining({ theirs: 'the price', winner: 'them', covered: false })]);
    expect(partial.neverFires).toBeNull();
  });

  it('posts and platforms: an any-post rule takes a one-post rule’s comments, not the reverse; other platforms never clash', () => {
    const anyPost = rule('r1', ['price']);
    const onePost = (id: string, postId: string, createdAt: string | null = null) =>
      rule(id, ['price'], { automationType: 'specific_post', postId, createdAt });
    expect(keywordClashes(onePost('new', 'p1'), [anyPost]).neverFires).toMatch(/^This rule could never answer/);
    // An older one-post rule only wins on its post: a new any-post rule still answers the others.
    const report = keywordClashes(newRule(['price']), [onePost('r0', 'p1', '2025-01-01T00:00:00.000Z')]);
    expect(report.clashes).toEqual([expect.objectContaining({ winner: 'them', covered: false })]);
    expect(report.neverFires).toBeNull();
    expect(keywordClashes(onePost('new', 'p2'), [onePost('r0', 'p1', '2025-01-01T00:00:00.000Z')]).clashes).toEqual([]);
    expect(keywordClashes(newRule(['price'], { platform: 'facebook' }), [anyPost]).clashes).toEqual([]);
    // A specific-post rule with no post listens to nothing: no clash either way.
    expect(keywordClashes(newRule(['price'], { automationType: 'specific_post', postId: null }), [anyPost]).neverFires).toBeNull();
  });

  it('re-enabling an older rule: it wins, and names the newer rule it leaves with nothing', () => {
    const older = rule('r1', ['price', 'cost']);
    const newer = rule('r22', ['price']);
    const report = keywordClashes(older, [older, newer]);
    expect(report.clashes).toEqual([expect.objectContaining({ keyword: 'price', with: 'rule', id: 'r22', winner: 'us', covered: false })]);
    expect(report.clashes[0]!.message).toMatch(/this rule is older, so it answers first/);
    expect(report.silences).toEqual([
      {
        with: 'rule',
        id: 'r22',
        name: 'price',
        message: 'The rule “price” would never answer: this rule is older and answers every comment it matches first.',
      },
    ]);
    expect(report.neverFires).toBeNull();
  });
});

describe('keywordClashes: rules and flows', () => {
  it('a rule always answers before a flow: the rule is warned, the flow it takes everything from is named', () => {
    // f1 listens on the Instagram account only (an "instagram" flow also hears Messenger comments, which this rule does not answer).
    const report = keywordClashes(newRule(['discount']), [flow('f1', ['discount'], { accountId: 'ig-1' }), flow('f2', [])]);
    expect(report.clashes.map((c) => [c.id, c.theirs, c.winner, c.why])).toEqual([
      ['f1', 'discount', 'us', 'rule_before_flow'],
      ['f2', null, 'us', 'rule_before_flow'],
    ]);
    expect(report.clashes[0]!.message).toBe(
      '“discount”: the live flow “Flow f1” listens for “discount”. Rules answer before flows, so this rule answers and the flow is not started for those comments.',
    );
    expect(report.clashes[1]!.message).toMatch(/^“discount”: the live flow “Flow f2” answers every comment\./);
    expect(report.silences.map((s) => s.id)).toEqual(['f1']);
    expect(report.neverFires).toBeNull();
  });

  it('a flow trigger all taken by rules on every platform it listens to could never start; Messenger or X comments keep it alive', () => {
    const igRule = rule('r1', ['price', 'cost']);
    const fbRule = rule('r2', ['price'], { platform: 'facebook' });
    // An "instagram" flow listens on Instagram and Facebook: both must be taken.
    expect(keywordClashes(flow('f1', ['price']), [igRule]).neverFires).toBeNull();
    const dead = keywordClashes(flow('f1', ['price']), [igRule, fbRule]);
    expect(dead.neverFires).toBe(
      "This flow could never start: comment rules answer every comment its trigger listens for, and rules answer before flows — “price” (rule “price, cost”, rule “price”). Change the trigger's keywords, or pause the rule.",
    );
    expect(dead.clashes[0]!.message).toBe(
      '“price”: the comment rule “price, cost” listens for “price”. Rules answer before flows, so that rule answers and this flow is not started for those comments.',
    );
    // Bound to the Instagram account, one rule is enough; a multi-platform flow also gets X comments.
    expect(keywordClashes(flow('f1', ['price'], { accountId: 'ig-1' }), [igRule]).neverFires).toMatch(/^This flow could never start/);
    expect(keywordClashes(flow('f1', ['price'], {}, 'multi'), [igRule, fbRule]).neverFires).toBeNull();
    // A flow that answers every comment is never all taken: a rule needs a keyword.
    expect(keywordClashes(flow('f1', []), [igRule, fbRule]).neverFires).toBeNull();
    expect(keywordClashes(flow('f1', []), [igRule]).clashes[0]).toMatchObject({ keyword: null, theirs: 'price, cost', winner: 'them', covered: false });
  });
});

describe('keywordClashes: flow against flow', () => {
  it('both flows start: a warning on comments and DMs alike, never a refusal; other events, accounts and posts do not meet', () => {
    const dm = (id: string, keywords: string[], accountId: string | null = null) => flow(id, keywords, { type: 'keyword_dm', accountId });
    const report = keywordClashes(dm('f1', ['menu']), [dm('f2', ['Menu']), flow('f3', ['menu'])]);
    expect(report.clashes).toEqual([expect.objectContaining({ id: 'f2', winner: 'both', why: 'all_flows_start', covered: false })]);
    expect(report.clashes[0]!.message).toBe(
      '“menu”: the live flow “Flow f2” listens for “Menu” too. Both flows start, so the contact gets the messages of both.',
    );
    expect(report.neverFires).toBeNull();
    expect(keywordClashes(flow('f1', ['menu']), [flow('f3', ['menu'])]).clashes[0]!.message).toMatch(/only one of them can send the comment's private reply/);
    expect(keywordClashes(dm('f1', ['menu'], 'ig-1'), [dm('f2', ['menu'], 'fb-1')]).clashes).toEqual([]);
    expect(keywordClashes(flow('f1', ['menu'], { postId: 'p1' }), [flow('f2', ['menu'], { postId: 'p2' })]).clashes).toEqual([]);
    // A story mention has no keywords: two mention flows always both start.
    const mention = (id: string) => flow(id, ['ignored'], { type: 'story_mention' });
    expect(keywordClashes(mention('f1'), [mention('f2')]).clashes).toEqual([expect.objectContaining({ keyword: null, theirs: null, winner: 'both' })]);
  });

  it('leaves the candidate’s own saved copy out', () => {
    expect(keywordClashes(flow('f1', ['menu']), [flow('f1', ['menu'])]).clashes).toEqual([]);
  });
});

describe('forecastInbound (the Simulator’s answer)', () => {
  const claims: KeywordClaim[] = [rule('r1', ['price', 'cost']), rule('r22', ['price']), flow('f1', ['price', 'lookbook']), flow('f2', ['lookbook'])];
  const comment = (text: string, postId: string | null = 'p1') => ({
    event: 'comment' as const,
    platform: 'instagram' as const,
    accountId: 'ig-1',
    postId,
    text,
  });

  it('the oldest matching rule answers and keeps matching flows from starting', () => {
    const f = forecastInbound(comment('What is the PRICE?'), claims);
    expect(f.answeredBy).toEqual([{ kind: 'rule', id: 'r1', name: 'price, cost', keyword: 'price' }]);
    expect(f.skipped.map((s) => s.id)).toEqual(['f1']);
    expect(f.message).toBe(
      'The rule “price, cost” answers this comment (keyword “price”): its private reply is on its way. “Flow f1” also matches but is not started: rules answer before flows.',
    );
  });

  it('with no rule, every matching flow starts', () => {
    const f = forecastInbound(comment('love the lookbook'), claims);
    expect(f.answeredBy.map((a) => a.id)).toEqual(['f1', 'f2']);
    expect(f.message).toBe('2 flows start: “Flow f1” (keyword “lookbook”), “Flow f2” (keyword “lookbook”).');
  });

  it('nothing matched: says why and lists the keywords that would', () => {
    const f = forecastInbound(comment('Gorgeous colours!'), claims);
    expect(f.nothing).toEqual({ reason: 'no_keyword_match', keywords: ['price', 'cost', 'lookbook'] });
    expect(f.message).toBe(
      'Nothing will answer this: no keyword matched “Gorgeous colours!”. Active keywords for Instagram comments on this post: price, cost, lookbook.',
    );
    const none = forecastInbound({ event: 'keyword_dm', platform: 'facebook', accountId: 'fb-1', postId: null, text: 'hi' }, claims);
    expect(none.nothing?.reason).toBe('no_automation');
    expect(none.message).toBe('Nothing will answer this: no live flow starts on Messenger DMs. Start a flow with a “Keyword in a DM” trigger.');
    expect(forecastInbound(comment('price'), []).message).toMatch(/no active comment rule or live flow listens to Instagram comments on this post/);
  });

  it('a run waiting for the contact’s reply takes a DM first', () => {
    const dm = { event: 'keyword_dm' as const, platform: 'instagram' as const, accountId: 'ig-1', postId: null, text: 'price' };
    expect(forecastInbound(dm, [flow('f1', ['price'], { type: 'keyword_dm' })], true)).toMatchObject({ resumesWaitingRun: true, answeredBy: [] });
  });
});

describe('Instagram Live comments (a comment trigger for Live or posts only)', () => {
  it('a Live-only and a posts-only flow never meet; a rule answers both, so a flow either way is taken by it', () => {
    const liveFlow = flow('f-live', ['link'], { commentsOn: 'live' });
    const postsFlow = flow('f-posts', ['link'], { commentsOn: 'posts' });
    expect(keywordClashes(liveFlow, [postsFlow]).clashes).toEqual([]);
    expect(keywordClashes(liveFlow, [flow('f-all', ['link'], { commentsOn: 'all' })]).clashes).toEqual([
      expect.objectContaining({ id: 'f-all', winner: 'both' }),
    ]);
    const liveOnInstagram = flow('f-live-ig', ['link'], { commentsOn: 'live', accountId: 'ig-1' });
    expect(keywordClashes(liveOnInstagram, [rule('r1', ['link'])]).neverFires).toMatch(/^This flow could never start/);
    // A new rule for "link" on Instagram leaves an Instagram posts-only flow for "link" nothing to start on.
    const postsOnInstagram = flow('f-posts-ig', ['link'], { commentsOn: 'posts', accountId: 'ig-1' });
    expect(keywordClashes(newRule(['link']), [postsOnInstagram]).silences).toEqual([expect.objectContaining({ id: 'f-posts-ig' })]);
  });

  it('the forecast of a post comment leaves out a Live-only flow, and of a Live comment a posts-only one', () => {
    const claims = [flow('f-live', ['link'], { commentsOn: 'live' }), flow('f-posts', ['link'], { commentsOn: 'posts' })];
    const probe = { event: 'comment' as const, platform: 'instagram' as const, accountId: 'ig-1', postId: 'p1', text: 'link please' };
    expect(forecastInbound(probe, claims).answeredBy.map((a) => a.id)).toEqual(['f-posts']);
    expect(forecastInbound({ ...probe, live: true }, claims).answeredBy.map((a) => a.id)).toEqual(['f-live']);
  });
});
