import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClashReport, KeywordClash } from '../../../contracts/keyword-clashes';
import { edge, node, publishFlow } from '../../../tests/support/flows';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../../tests/support/workspace';

// Keyword clashes (ARCHITECTURE.md#rules-and-flows): saves answer them, a rule or flow trigger that
// could never fire is refused with 400 {error, details}, the forms' dry runs say the same before
// saving, and the Simulator says at once what will answer a comment or why nothing will.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

const commentFlow = (keywords: string[], extra: Record<string, unknown> = {}) => ({
  nodes: [node('1', 'trigger', { type: 'comment', keywords, accountId: null, postId: null, ...extra }), node('2', 'instagramDM', { text: 'Flow' })],
  edges: [edge('1', '2')],
});
const brief = (c: KeywordClash) => [c.keyword, c.with, c.theirs, c.winner, c.why];

describe('comment rule keyword clashes', () => {
  it('create and edit answer the clashes with who wins; a rule older rules leave nothing to answer is refused; other workspaces never count', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const other = await newWorkspaceUser(t.baseUrl);
    await other.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['hello'], responseTemplate: 'x' });

    const first = await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['price', 'cost'], responseTemplate: 'Prices' });
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({ clashes: [], silences: [] });
    const flowId = await publishFlow(w.client, commentFlow(['discount'], { accountId: w.instagram.id }), 'Discount flow', 'instagram');

    const second = await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['Price', 'discount', 'hello'], responseTemplate: 'Hi' });
    expect(second.status).toBe(201);
    expect((second.data.clashes as KeywordClash[]).map(brief)).toEqual([
      ['Price', 'rule', 'price', 'them', 'older_rule'],
      ['discount', 'flow', 'discount', 'us', 'rule_before_flow'],
    ]);
    expect(second.data.clashes[0].message).toBe(
      '“Price”: the older rule “price, cost” listens for “price” and answers first (the oldest matching rule answers; a comment gets one private reply).',
    );
    // The flow listened for "discount" on the Instagram account only: this rule leaves it nothing.
    expect(second.data.silences).toEqual([
      expect.objectContaining({ with: 'flow', id: flowId, message: expect.stringMatching(/^The live flow “Discount flow” would never start/) }),
    ]);
    // Another platform's rule does not compete for an Instagram comment.
    expect((await w.client.post('/api/comment-rules', { platform: 'facebook', keywords: ['cost'], responseTemplate: 'Hi' })).data.clashes).toEqual([]);

    // Every keyword answered first by older rules: refused, nothing saved.
    const before = (await w.client.get('/api/comment-rules')).data.length;
    const dead = await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['the price', 'COST'], responseTemplate: 'Never sent' });
    expect(dead.status).toBe(400);
    expect(dead.data.error).toMatch(
      /^This rule could never answer a comment: older rules answer every comment it matches first — “the price” \(rule “price, cost”\)/,
    );
    expect((dead.data.details.clashes as KeywordClash[]).every((c) => c.winner === 'them' && c.covered)).toBe(true);
    expect((await w.client.get('/api/comment-rules')).data.length).toBe(before);
    // Saved switched off it is kept (nothing to refuse yet); switching it on is refused the same way.
    const off = await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['cost'], responseTemplate: 'Later', isActive: false });
    expect(off.status).toBe(201);
    const on = await w.client.request('PATCH', `/api/comment-rules/${off.data.id}`, { json: { isActive: true } });
    expect(on.status).toBe(400);
    expect(on.data.error).toMatch(/^This rule could never answer a comment/);
    // The Comment Growth one-call rule is checked too.
    const growth = await w.client.post('/api/automation/comment-growth', { platform: 'instagram', postId: 'p-1', triggerKeywords: ['price'] });
    expect(growth.status).toBe(400);

    // Editing the keywords re-checks; switching the other rule off clears the clash.
    const edited = await w.client.request('PATCH', `/api/comment-rules/${second.data.id}`, { json: { keywords: ['hello', 'cost'] } });
    expect(edited.status).toBe(200);
    expect((edited.data.clashes as KeywordClash[]).map((c) => c.keyword)).toEqual(['cost']);
    expect((await w.client.request('PATCH', `/api/comment-rules/${second.data.id}`, { json: { keywords: ['cost'] } })).status).toBe(400);
    await w.client.request('PATCH', `/api/comment-rules/${first.data.id}`, { json: { isActive: false } });
    expect((await w.client.request('PATCH', `/api/comment-rules/${second.data.id}`, { json: { responseTemplate: 'Hello!' } })).data.clashes).toEqual([]);
    // Re-enabling the older rule: it answers first again, and the newer one it leaves nothing is named.
    const back = await w.client.request('PATCH', `/api/comment-rules/${first.data.id}`, { json: { isActive: true } });
    expect(back.status).toBe(200);
    expect((back.data.clashes as KeywordClash[]).map(brief)).toEqual([['cost', 'rule', 'cost', 'us', 'older_rule']]);
  });

  it('the form’s dry run says the same before saving, and validates its input', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const rule = await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['guide'], responseTemplate: 'Guide' });
    const check = (body: unknown) => w.client.post('/api/comment-rules/clashes', body);

    const taken = await check({ platform: 'instagram', keywords: ['free guide'] });
    expect(taken.status).toBe(200);
    expect((taken.data as ClashReport).neverFires).toMatch(/^This rule could never answer a comment/);
    expect((await check({ platform: 'instagram', keywords: ['free guide', 'ebook'] })).data.neverFires).toBeNull();
    expect((await check({ platform: 'facebook', keywords: ['guide'] })).data).toEqual({ clashes: [], neverFires: null, silences: [] });
    // A specific post is resolved from its URL, as the save does: any-post rules still take it.
    const post = w.igPosts[0]!;
    expect((await check({ platform: 'instagram', keywords: ['guide'], automationType: 'specific_post', postUrl: post.permalink })).data.neverFires).toMatch(
      /could never answer/,
    );
    // The rule itself, being edited, is not its own clash.
    expect((await check({ id: rule.data.id, platform: 'instagram', keywords: ['guide'] })).data.clashes).toEqual([]);

    const bad = await check({ platform: 'tiktok', keywords: 'guide' });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ error: expect.any(String), details: expect.arrayContaining([expect.objectContaining({ path: 'platform' })]) });
    const stranger = await newWorkspaceUser(t.baseUrl);
    expect((await stranger.client.post('/api/comment-rules/clashes', { id: rule.data.id, platform: 'instagram', keywords: ['x'] })).status).toBe(404);
  });
});

describe('flow trigger keyword clashes at Start', () => {
  it('a trigger rules leave nothing to answer is refused; an overlapping one starts with its warnings; flow against flow warns; the dry run agrees', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['price', 'cost'], responseTemplate: 'Prices' });
    await w.client.post('/api/comment-rules', { platform: 'facebook', keywords: ['price'], responseTemplate: 'Prices' });

    // An "instagram" flow listens on Instagram and Messenger comments: both platforms' rules take "price".
    const refused = await w.client.post('/api/flows', { name: 'Price flow', platform: 'instagram', flowData: commentFlow(['price']), isActive: true });
    expect(refused.status).toBe(400);
    expect(refused.data.error).toMatch(/^This flow could never start: comment rules answer every comment its trigger listens for/);
    expect(refused.data.details.clashes.length).toBe(2);
    expect((await w.client.get('/api/flows')).data).toEqual([]);
    // Saved as a draft it is kept: nothing runs, so there is nothing to refuse yet.
    const draft = await w.client.post('/api/flows', { name: 'Price flow', platform: 'instagram', flowData: commentFlow(['price']), isActive: false });
    expect(draft.status).toBe(201);
    expect(draft.data.clashes).toEqual([]);

    const partial = await w.client.put(`/api/flows/${draft.data.id}`, {
      name: 'Price flow',
      platform: 'instagram',
      flowData: commentFlow(['price', 'menu']),
      isActive: true,
    });
    expect(partial.status).toBe(200);
    expect(partial.data.isActive).toBe(true);
    expect((partial.data.clashes as KeywordClash[]).map(brief)).toEqual([
      ['price', 'rule', 'price', 'them', 'rule_before_flow'],
      ['price', 'rule', 'price', 'them', 'rule_before_flow'],
    ]);

    // A second flow on "menu": both start; a warning, never a refusal. Its own saved copy is no clash.
    const second = await w.client.post('/api/flows', { name: 'Menu flow', platform: 'instagram', flowData: commentFlow(['menu']), isActive: true });
    expect(second.status).toBe(201);
    expect((second.data.clashes as KeywordClash[]).map(brief)).toEqual([['menu', 'flow', 'menu', 'both', 'all_flows_start']]);
    expect(second.data.clashes[0].message).toMatch(/Both flows start, and only one of them can send the comment's private reply/);
    const resave = await w.client.put(`/api/flows/${second.data.id}`, {
      name: 'Menu flow',
      platform: 'instagram',
      flowData: commentFlow(['menu']),
      isActive: true,
    });
    expect(resave.data.clashes.map((c: KeywordClash) => c.id)).toEqual([draft.data.id]);

    const dry = await w.client.post('/api/flows/clashes', { flowId: null, platform: 'instagram', flowData: commentFlow(['cost']) });
    expect(dry.status).toBe(200);
    // "cost" is only an Instagram rule's: Messenger comments still start it.
    expect((dry.data as ClashReport).neverFires).toBeNull();
    const ig = await w.client.post('/api/flows/clashes', { platform: 'instagram', flowData: commentFlow(['cost'], { accountId: w.instagram.id }) });
    expect(ig.data.neverFires).toMatch(/^This flow could never start/);
    // A draft with no valid trigger yet has nothing to clash.
    expect((await w.client.post('/api/flows/clashes', { platform: 'multi', flowData: { nodes: [], edges: [] } })).data.clashes).toEqual([]);
    expect((await w.client.post('/api/flows/clashes', { platform: 'multi', flowData: 'nope' })).status).toBe(400);
  });
});

describe('Simulator forecast', () => {
  it('says at once which rule or flow answers, or why nothing will', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const post = w.igPosts[0]!.externalId;
    const comment = (text: string) => w.client.post('/api/simulator/comments', { accountId: w.instagram.id, postId: post, contact: maya, text });

    const nothing = await comment('Gorgeous colours!');
    expect(nothing.status).toBe(202);
    expect(nothing.data.forecast).toMatchObject({ answeredBy: [], nothing: { reason: 'no_automation' } });
    expect(nothing.data.forecast.message).toBe(
      'Nothing will answer this: no active comment rule or live flow listens to Instagram comments on this post. Create a rule on Comment Growth, or start a flow with a comment trigger.',
    );

    const rule = await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['price', 'cost'], responseTemplate: 'Prices' });
    await publishFlow(w.client, commentFlow(['lookbook', 'price']), 'Lookbook', 'instagram');
    const missed = await comment('Gorgeous colours!');
    expect(missed.data.forecast.nothing).toEqual({ reason: 'no_keyword_match', keywords: ['price', 'cost', 'lookbook'] });
    expect(missed.data.forecast.message).toBe(
      'Nothing will answer this: no keyword matched “Gorgeous colours!”. Active keywords for Instagram comments on this post: price, cost, lookbook.',
    );
    const hit = await comment('What is the PRICE?');
    expect(hit.data.forecast.answeredBy).toEqual([{ kind: 'rule', id: rule.data.id, name: 'price, cost', keyword: 'price' }]);
    expect(hit.data.forecast.skipped.map((s: { name: string }) => s.name)).toEqual(['Lookbook']);
    // And the pipeline does what the forecast said: the rule's private reply goes out.
    await expect
      .poll(async () => ((await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as { text: string }[]).map((o) => o.text), {
        timeout: 10_000,
      })
      .toEqual(['Prices']);

    const dm = await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: maya, text: 'hi' });
    expect(dm.data.forecast.message).toBe('Nothing will answer this: no live flow starts on Instagram DMs. Start a flow with a “Keyword in a DM” trigger.');
  });
});
