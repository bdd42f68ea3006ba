import { describe, expect, it } from 'vitest';
import { edge, node, publishFlow, runsOf } from '../../../tests/support/flows';
import { fakePage, seedMetaAccounts } from '../../../tests/support/meta-accounts';
import { useTestApp } from '../../../tests/support/use-test-app';
import { maya } from '../../../tests/support/workspace';

// The Simulator's taps (ice breakers, menu items, any payload) and referrals (entry links): the same
// inbound path as Meta's postbacks and referrals, on sandbox accounts only; and the starts per link
// that Analytics shows, the Growth links page's own figure for the same period.

const app = useTestApp({ env: { TIMER_PUMP_INTERVAL_MS: '50' } });
const trigger = (type: string) => node('1', 'trigger', { type, keywords: [], accountId: null, postId: null });
const flow = (type: string, text: string) => ({ nodes: [trigger(type), node('2', 'instagramDM', { text })], edges: [edge('1', '2')] });
const ben = { externalUserId: 'sim-ben', name: 'Ben Ortiz', username: 'ben.o' };

type Outbox = Array<{ text: string; recipientExternalId: string }>;

describe('Simulator taps and referrals', () => {
  it('a tap on a saved ice breaker starts its flow once (a repeat is the same event) and the reply reaches the sandbox outbox', async () => {
    const w = await app.signIn();
    const tapFlow = await publishFlow(w.client, flow('postback', 'Here is the price list'), 'Price list', 'instagram');
    const saved = await w.client.put(`/api/social-accounts/${w.instagram.id}/ice-breakers`, {
      locales: [{ locale: 'default', items: [{ question: 'What are your prices?', flowId: tapFlow }] }],
    });
    expect(saved.status).toBe(200);
    const body = { accountId: w.instagram.id, contact: maya, title: 'What are your prices?', payload: `flow:${tapFlow}`, messageId: 'sim-tap-1' };
    const first = await w.client.post('/api/simulator/taps', body);
    expect(first.status).toBe(202);
    expect(first.data).toMatchObject({ accepted: true, duplicate: false });
    expect((await w.client.post('/api/simulator/taps', body)).data).toMatchObject({ duplicate: true });

    await expect.poll(async () => (await runsOf(w.client, tapFlow)).map((r) => r.status), { timeout: 15_000, interval: 100 }).toEqual(['completed']);
    const outbox = async () => ((await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as Outbox).map((o) => o.text);
    await expect.poll(outbox, { timeout: 10_000 }).toEqual(['Here is the price list']);
    const { rows } = await app.pool.query<{ trigger: Record<string, unknown> }>('select trigger from flow_runs where flow_id = $1', [tapFlow]);
    expect(rows[0]!.trigger).toMatchObject({ type: 'postback', payload: `flow:${tapFlow}`, text: 'What are your prices?' });
  });

  it('a DM sent as a story reply starts the story-reply flow, not the keyword DM flow, and its forecast says so', async () => {
    const w = await app.signIn();
    const replyFlow = await publishFlow(w.client, flow('story_reply', 'Thanks for replying to my story'), 'Story thanks', 'instagram');
    const dmFlow = await publishFlow(
      w.client,
      {
        nodes: [node('1', 'trigger', { type: 'keyword_dm', keywords: ['love'], accountId: null, postId: null }), node('2', 'instagramDM', { text: 'DM' })],
        edges: [edge('1', '2')],
      },
      'Love DM',
      'instagram',
    );
    const sent = await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: ben, text: 'love this', storyReply: true });
    expect(sent.status).toBe(202);
    expect(sent.data.forecast.message).toContain('Story thanks');
    await expect.poll(async () => (await runsOf(w.client, replyFlow)).map((r) => r.status), { timeout: 15_000, interval: 100 }).toEqual(['completed']);
    expect(await runsOf(w.client, dmFlow)).toHaveLength(0);
    expect((await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: ben, text: 'x', storyReply: 'yes' })).status).toBe(400);
  });

  it('opening an entry link starts its flow and tags the contact; Analytics’ starts per link equal the Growth links page’s for each period', async () => {
    const w = await app.signIn();
    const refFlow = await publishFlow(w.client, flow('referral', 'Welcome, poster fan!'), 'Poster welcome', 'instagram');
    const created = await w.client.post('/api/growth/links', { name: 'Shop poster', accountId: w.instagram.id, flowId: refFlow, tag: 'from_poster' });
    expect(created.status).toBe(201);
    const linkId = created.data.id as string;
    for (const contact of [maya, ben]) expect((await w.client.post('/api/simulator/referrals', { linkId, contact })).status).toBe(202);

    await expect
      .poll(async () => (await runsOf(w.client, refFlow)).map((r) => r.status), { timeout: 15_000, interval: 100 })
      .toEqual(['completed', 'completed']);
    const tags = await app.pool.query<{ tags: string[] }>('select tags from contacts where account_id = $1 and external_user_id = $2', [
      w.instagram.id,
      maya.externalUserId,
    ]);
    expect(tags.rows[0]!.tags).toContain('from_poster');

    // One of the two starts was ten days ago: in the 30-day period, not in the 7-day one.
    await app.pool.query(
      `update flow_runs set started_at = now() - interval '10 days'
        where id = (select id from flow_runs where flow_id = $1 order by started_at limit 1)`,
      [refFlow],
    );
    const growth = async (q: string) =>
      ((await w.client.get(`/api/growth/links${q}`)).data as Array<{ id: string; starts: number }>).find((l) => l.id === linkId)!.starts;
    const analytics = async (t: string) =>
      ((await w.client.get(`/api/analytics/entry-links?timeframe=${t}`)).data as { links: Array<{ id: string; starts: number }> }).links.find(
        (l) => l.id === linkId,
      )!.starts;
    expect(await growth('')).toBe(2);
    expect(await growth('?timeframe=7d')).toBe(1);
    expect(await analytics('7d')).toBe(1);
    expect(await growth('?timeframe=30d')).toBe(2);
    expect(await analytics('30d')).toBe(2);
    expect((await w.client.get('/api/growth/links?timeframe=1y')).status).toBe(400);
  });

  it('refuses what it must: another workspace’s link or account (404), a connected account’s link (400), a bad body (400)', async () => {
    const a = await app.signIn('Ann');
    const b = await app.signIn('Bob');
    const refFlow = await publishFlow(a.client, flow('referral', 'hi'), 'Ref', 'instagram');
    const link = await a.client.post('/api/growth/links', { name: 'A link', accountId: a.instagram.id, flowId: refFlow });
    expect(link.status).toBe(201);
    expect((await b.client.post('/api/simulator/referrals', { linkId: link.data.id, contact: maya })).status).toBe(404);
    expect((await b.client.post('/api/simulator/taps', { accountId: a.instagram.id, contact: maya, title: 'Hi', payload: 'X' })).status).toBe(404);

    // A link on a connected (Meta) account: its flow would answer through Meta, which the Simulator never calls.
    const meta = await seedMetaAccounts(app.pool, a.user.workspaceId, fakePage('simtap'));
    const real = await a.client.post('/api/growth/links', { name: 'Real', accountId: meta.igAccountId!, flowId: refFlow });
    expect(real.status).toBe(201);
    const refused = await a.client.post('/api/simulator/referrals', { linkId: real.data.id, contact: maya });
    expect(refused.status).toBe(400);
    expect(refused.data.error).toContain('sandbox accounts only');
    expect((await a.client.post('/api/simulator/taps', { accountId: meta.igAccountId!, contact: maya, title: 'Hi', payload: 'X' })).status).toBe(404);

    const badTap = await a.client.post('/api/simulator/taps', { accountId: a.instagram.id, contact: maya, title: 'Hi', payload: 'x'.repeat(1001) });
    expect(badTap.status).toBe(400);
    expect(JSON.stringify(badTap.data.details)).toContain('1,000');
    expect((await a.client.post('/api/simulator/referrals', { linkId: 'nope', contact: maya })).status).toBe(400);
    expect((await a.client.post('/api/simulator/taps', { accountId: a.instagram.id, contact: maya, title: '', payload: 'X' })).status).toBe(400);
    const { rows } = await app.pool.query<{ n: number }>(
      "select count(*)::int as n from inbound_events where workspace_id = $1 and payload->>'type' = 'message'",
      [a.user.workspaceId],
    );
    expect(rows[0]!.n).toBe(0);
  });
});
