import { describe, expect, it } from 'vitest';
import type { KeywordClaim } from '../contracts/keyword-clashes';
import type { ActiveTrigger } from '../db/flows/active-triggers';
import { pickCommentRule } from '../workers/inbound/rule-replies';
import { matchingTriggers, type TriggerEvent } from '../workers/flows/triggers';
import { flowClaim, forecastInbound, isKeywordTrigger, ruleClaim } from './keyword-clashes';

// forecastInbound restates the inbound pipeline's order (rules oldest first, then every matching
// flow). This checks it against the pipeline's own functions, pickCommentRule and matchingTriggers,
// on a few thousand random workspaces and events, so the two cannot drift apart unnoticed.

type Platform = 'instagram' | 'facebook' | 'twitter';
const accounts = [
  { id: '00000000-0000-4000-8000-000000000001', platform: 'instagram' as const },
  { id: '00000000-0000-4000-8000-000000000002', platform: 'facebook' as const },
  { id: '00000000-0000-4000-8000-000000000003', platform: 'twitter' as const },
];
const vocab = ['price', 'the price', 'cost', 'Menu', 'free guide', 'guide', 'hi'];
const texts = ['What is the price?', 'PRICE', 'priceless', 'menu please', 'a free guide?', 'guide', 'hello', 'hi there', 'cost and menu', ''];

/** A small deterministic PRNG (mulberry32): the same cases on every run. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('forecastInbound agrees with the inbound pipeline', () => {
  it('on random rules, flow triggers and events', async () => {
    const r = rng(31);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
    const some = (n: number) => [...new Set(Array.from({ length: 1 + Math.floor(r() * n) }, () => pick(vocab)))];
    for (let world = 0; world < 300; world += 1) {
      const rules = Array.from({ length: Math.floor(r() * 4) }, (_, i) => {
        const specific = r() < 0.3;
        return {
          id: `r${i}`,
          platform: pick(['instagram', 'facebook'] as const),
          automationType: specific ? ('specific_post' as const) : ('all_posts' as const),
          postId: specific ? pick(['p1', 'p2']) : null,
          keywords: some(2),
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
        };
      });
      const triggers: ActiveTrigger[] = Array.from({ length: Math.floor(r() * 4) }, (_, i) => ({
        flow_id: `f${i}`,
        flow_name: `Flow ${i}`,
        version_id: `v${i}`,
        platform: pick(['instagram', 'multi', 'twitter'] as const),
        trigger: {
          type: pick(['comment', 'keyword_dm', 'story_reply', 'story_mention'] as const),
          keywords: r() < 0.25 ? [] : some(2),
          accountId: r() < 0.3 ? pick(accounts).id : null,
          postId: r() < 0.3 ? pick(['p1', 'p2']) : null,
        },
      }));
      const claims: KeywordClaim[] = [
        ...rules.map(ruleClaim),
        ...triggers.flatMap((t) =>
          isKeywordTrigger(t.trigger) ? [flowClaim({ id: t.flow_id, name: t.flow_name, platform: t.platform }, t.trigger, accounts)] : [],
        ),
      ];
      for (let n = 0; n < 10; n += 1) {
        const account = pick(accounts);
        const kind = pick(['comment', 'keyword_dm', 'story_reply', 'story_mention'] as const);
        const text = pick(texts);
        const postId = kind === 'comment' ? pick(['p1', 'p2']) : null;
        const event: TriggerEvent =
          kind === 'comment'
            ? { kind: 'comment', text, postId: postId!, commentId: 'c' }
            : { kind: 'message', text, storyReply: kind === 'story_reply', storyMention: kind === 'story_mention', messageId: 'm' };

        // The pipeline: a comment's rules (none on X), then the flows, which do not start after a rule answered.
        const platformRules = rules
          .filter((x) => x.platform === account.platform)
          .map((x) => ({
            id: x.id,
            automation_type: x.automationType,
            post_id: x.postId,
            keywords: x.keywords,
            track_links: false,
            response_template: 't',
            public_reply_template: null,
          }));
        const hit = kind === 'comment' && account.platform !== 'twitter' ? pickCommentRule(platformRules, { text, postId: postId! }) : undefined;
        const flows = await matchingTriggers({} as never, { id: account.id, workspace_id: 'w', platform: account.platform as Platform }, event, triggers);
        const expected = hit
          ? [{ kind: 'rule', id: hit.rule.id, keyword: hit.keyword }]
          : flows.map((f) => ({ kind: 'flow', id: f.row.flow_id, keyword: f.keyword }));

        const forecast = forecastInbound({ event: kind, platform: account.platform, accountId: account.id, postId, text }, claims);
        const context = JSON.stringify({ rules, triggers, account, kind, text, postId });
        expect(
          forecast.answeredBy.map((a) => ({ kind: a.kind, id: a.id, keyword: a.keyword })),
          context,
        ).toEqual(expected);
        expect(
          forecast.skipped.map((s) => s.id),
          context,
        ).toEqual(hit ? flows.map((f) => f.row.flow_id) : []);
      }
    }
  });
});
