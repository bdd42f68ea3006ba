import { describe, expect, it } from 'vitest';
import { messagingWebhook } from '../../../tests/fakes/meta-webhook-payloads';
import { edge, keywordTrigger, node, publishFlow, runsOf } from '../../../tests/support/flows';
import { useMetaApp } from '../../../tests/support/meta-app';

const meta = useMetaApp({ TIMER_PUMP_INTERVAL_MS: '50' });

const postbackTrigger = { type: 'postback', keywords: [], accountId: null, postId: null };
const referralTrigger = { type: 'referral', keywords: [], accountId: null, postId: null };

describe('postback and referral triggers (ice breakers, menus, growth links)', () => {
  it('an ice-breaker tap (flow:<id>) starts its flow once and sends one DM, even when Meta delivers the webhook twice', async () => {
    const { w, igId } = await meta.connectedWorkspace('tap');
    const tapFlow = await publishFlow(
      w.client,
      { nodes: [node('1', 'trigger', postbackTrigger), node('2', 'instagramDM', { text: 'Here is the price list' })], edges: [edge('1', '2')] },
      'Price list',
      'instagram',
    );
    // A keyword flow whose keyword is in the question must not take the tap.
    const keywordFlow = await publishFlow(
      w.client,
      { nodes: [keywordTrigger(['price']), node('2', 'instagramDM', { text: 'keyword answer' })], edges: [edge('1', '2')] },
      'Price keyword',
      'instagram',
    );
    // The ice-breaker postback as Instagram sends it (docs/platform-apis.md §1.9): title = the question.
    const body = messagingWebhook('instagram', igId, [
      { sender: 'igsid-tapper', recipient: igId, postback: { mid: 'mid_tap_1', title: 'What is the price?', payload: `flow:${tapFlow}` } },
    ]);
    expect((await meta.fake.deliverWebhook(meta.hook, body)).status).toBe(200);
    expect((await meta.fake.deliverWebhook(meta.hook, body)).status).toBe(200);

    await expect.poll(async () => (await runsOf(w.client, tapFlow)).map((r) => r.status), { timeout: 15_000, interval: 100 }).toEqual(['completed']);
    const sent = () => meta.fake.sends.filter((s) => s.recipient === 'igsid-tapper');
    await expect.poll(() => sent().map((s) => s.text), { timeout: 10_000 }).toEqual(['Here is the price list']);
    expect(await runsOf(w.client, keywordFlow)).toHaveLength(0);
    const { rows } = await meta.pool.query<{ trigger: Record<string, unknown> }>('select trigger from flow_runs where flow_id = $1', [tapFlow]);
    expect(rows[0]!.trigger).toMatchObject({ type: 'postback', payload: `flow:${tapFlow}` });
  });

  it('a postback no postback flow claims is still a DM for keyword flows (its text is the title)', async () => {
    const { w, igId } = await meta.connectedWorkspace('tapkw');
    const keywordFlow = await publishFlow(
      w.client,
      { nodes: [keywordTrigger(['menu']), node('2', 'instagramDM', { text: 'menu answer' })], edges: [edge('1', '2')] },
      'Menu keyword',
      'instagram',
    );
    const body = messagingWebhook('instagram', igId, [
      { sender: 'igsid-other', recipient: igId, postback: { mid: 'mid_tap_2', title: 'Show the menu', payload: 'SOMETHING_ELSE' } },
    ]);
    expect((await meta.fake.deliverWebhook(meta.hook, body)).status).toBe(200);
    await expect.poll(async () => (await runsOf(w.client, keywordFlow)).length, { timeout: 15_000 }).toBe(1);
  });

  it('an m.me referral (messaging_referrals) starts the growth link’s flow once, tags the contact, and counts one start', async () => {
    const { w, page, pageAccountId } = await meta.connectedWorkspace('ref');
    const refFlow = await publishFlow(
      w.client,
      { nodes: [node('1', 'trigger', referralTrigger), node('2', 'messengerDM', { text: 'Welcome, giveaway entrant!' })], edges: [edge('1', '2')] },
      'Giveaway entry',
      'multi',
    );
    const created = await w.client.post('/api/growth/links', {
      name: 'Poster in the shop',
      accountId: pageAccountId,
      flowId: refFlow,
      tag: 'from_poster',
      ref: 'poster_1',
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ url: `https://m.me/${page.id}?ref=poster_1`, starts: 0 });

    // A person with a thread already opens the link (docs/platform-apis.md §1.9): a referral alone, no message.
    const body = messagingWebhook('page', page.id, [{ sender: 'psid-fan', recipient: page.id }]);
    (body.entry[0]!.messaging[0] as Record<string, unknown>).referral = { ref: 'poster_1', source: 'SHORTLINK', type: 'OPEN_THREAD' };
    expect((await meta.fake.deliverWebhook(meta.hook, body)).status).toBe(200);
    expect((await meta.fake.deliverWebhook(meta.hook, body)).status).toBe(200);

    await expect.poll(async () => (await runsOf(w.client, refFlow)).map((r) => r.status), { timeout: 15_000, interval: 100 }).toEqual(['completed']);
    const sent = () => meta.fake.sends.filter((s) => s.recipient === 'psid-fan');
    await expect.poll(() => sent().map((s) => s.text), { timeout: 10_000 }).toEqual(['Welcome, giveaway entrant!']);
    const { rows } = await meta.pool.query<{ tags: string[] }>(`select tags from contacts where workspace_id = $1 and external_user_id = 'psid-fan'`, [
      w.user.workspaceId,
    ]);
    expect(rows).toEqual([{ tags: ['from_poster'] }]);
    const list = await w.client.get('/api/growth/links');
    expect(list.data).toEqual([expect.objectContaining({ ref: 'poster_1', starts: 1 })]);
  });

  it('an ig.me link followed by an ice-breaker tap starts the link’s flow, not the ice breaker’s', async () => {
    const { w, igId, igAccountId, page } = await meta.connectedWorkspace('igref');
    const refFlow = await publishFlow(
      w.client,
      { nodes: [node('1', 'trigger', referralTrigger), node('2', 'instagramDM', { text: 'From the bio link' })], edges: [edge('1', '2')] },
      'Bio link',
      'instagram',
    );
    const tapFlow = await publishFlow(
      w.client,
      { nodes: [node('1', 'trigger', postbackTrigger), node('2', 'instagramDM', { text: 'From the ice breaker' })], edges: [edge('1', '2')] },
      'Ice breaker',
      'instagram',
    );
    const created = await w.client.post('/api/growth/links', { name: 'Bio', accountId: igAccountId, flowId: refFlow, tag: null, ref: 'bio' });
    expect(created.data).toMatchObject({ url: `https://ig.me/m/${page.instagram!.username}?ref=bio` });
    const body = messagingWebhook('instagram', igId, [
      {
        sender: 'igsid-bio',
        recipient: igId,
        postback: { mid: 'mid_bio_1', title: 'Tell me more', payload: `flow:${tapFlow}`, referral: { ref: 'bio', source: 'SHORTLINKS', type: 'OPEN_THREAD' } },
      },
    ]);
    expect((await meta.fake.deliverWebhook(meta.hook, body)).status).toBe(200);
    await expect.poll(async () => (await runsOf(w.client, refFlow)).length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => meta.fake.sends.filter((s) => s.recipient === 'igsid-bio').map((s) => s.text), { timeout: 10_000 }).toEqual(['From the bio link']);
    expect(await runsOf(w.client, tapFlow)).toHaveLength(0);
  });
});
