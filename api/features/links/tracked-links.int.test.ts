import { describe, expect, it } from 'vitest';
import { edge, keywordTrigger, node, publishFlow, runsOf } from '../../../tests/support/flows';
import { useTestApp } from '../../../tests/support/use-test-app';
import { maya } from '../../../tests/support/workspace';

const app = useTestApp();

type Outbox = { kind: string; text: string }[];
const codeIn = (text: string) => /\/l\/([A-Za-z0-9]{12})\b/.exec(text)?.[1];

describe('tracked links from a comment rule', () => {
  it('wraps the reply link, 302s to the target, records the click and its lead score, and shows CTR to its own workspace only', async () => {
    const w = await app.signIn();
    const other = await app.signIn('Other');
    const rule = await w.client.post('/api/comment-rules', {
      platform: 'instagram',
      keywords: ['price'],
      responseTemplate: 'Hi {first_name}! Prices: https://shop.example.com/prices?ref=dm.',
    });
    expect(rule.status).toBe(201);
    expect(rule.data.trackLinks).toBe(true); // on for new rules

    await w.client.post('/api/simulator/comments', { accountId: w.instagram.id, postId: w.igPosts[0]!.externalId, contact: maya, text: 'price?' });
    await expect
      .poll(async () => ((await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as Outbox).length, { timeout: 10_000 })
      .toBe(1);
    const [dm] = (await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as Outbox;
    const code = codeIn(dm!.text)!;
    // The sentence's full stop stays outside the link; the target is never in the message.
    expect(dm!.text).toBe(`Hi Maya! Prices: ${app.t.app.web!.url}/l/${code}.`);

    const before = await w.client.get('/api/analytics/automation?timeframe=7d');
    expect(before.status).toBe(200);
    expect(before.data.links).toEqual([
      expect.objectContaining({ source: 'rule', ruleId: rule.data.id, name: 'Comment rule: price', sent: 1, clickedMessages: 0, clicks: 0, ctr: 0 }),
    ]);

    // Public: no session needed.
    const click = await fetch(`${app.t.baseUrl}/l/${code}`, { redirect: 'manual' });
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe('https://shop.example.com/prices?ref=dm');

    const rows = await app.pool.query(
      `select c.workspace_id, l.rule_id, l.contact_id, ct.external_user_id from link_clicks c
       join tracked_links l on l.code = c.code join contacts ct on ct.id = l.contact_id where c.code = $1`,
      [code],
    );
    expect(rows.rows).toEqual([{ workspace_id: w.user.workspaceId, rule_id: rule.data.id, contact_id: expect.any(String), external_user_id: 'sim-maya' }]);
    // The rule made Maya a lead; the click counts on it and in the daily rollup.
    const lead = await app.pool.query('select link_clicks, score from leads where workspace_id = $1', [w.user.workspaceId]);
    expect(lead.rows[0].link_clicks).toBe(1);
    const rollup = await app.pool.query('select coalesce(sum(link_clicks), 0)::int as n from analytics_daily where workspace_id = $1', [w.user.workspaceId]);
    expect(rollup.rows[0].n).toBe(1);

    // A second click: 2 clicks, still one clicked message of one sent.
    expect((await fetch(`${app.t.baseUrl}/l/${code}`, { redirect: 'manual' })).status).toBe(302);
    const after = await w.client.get('/api/analytics/automation?timeframe=7d');
    expect(after.data.links).toEqual([expect.objectContaining({ sent: 1, clickedMessages: 1, clicks: 2, ctr: 1 })]);
    expect(after.data.linkTrackingConfigured).toBe(true);

    // Tenancy: another workspace sees none of it.
    const theirs = await other.client.get('/api/analytics/automation?timeframe=7d');
    expect(theirs.status).toBe(200);
    expect(theirs.data.links).toEqual([]);
  });

  it('answers an HTML 404 for unknown and malformed codes, and counts nothing', async () => {
    for (const path of ['/l/AAAAAAAAAAAA', '/l/short', '/l/%3Cscript%3E']) {
      const res = await fetch(`${app.t.baseUrl}${path}`, { redirect: 'manual' });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('Link not found');
    }
    const clicks = await app.pool.query(`select count(*)::int as n from link_clicks where code = 'AAAAAAAAAAAA'`);
    expect(clicks.rows[0].n).toBe(0);
  });

  it('leaves links alone when the rule has Track links off', async () => {
    const w = await app.signIn();
    await w.client.post('/api/comment-rules', {
      platform: 'instagram',
      keywords: ['menu'],
      responseTemplate: 'Menu: https://food.example.com/menu',
      trackLinks: false,
    });
    await w.client.post('/api/simulator/comments', { accountId: w.instagram.id, postId: w.igPosts[0]!.externalId, contact: maya, text: 'menu' });
    await expect
      .poll(async () => ((await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as Outbox).map((o) => o.text), { timeout: 10_000 })
      .toEqual(['Menu: https://food.example.com/menu']);
  });
});

describe('tracked links from a flow DM', () => {
  it('wraps the DM link as /l/<code> when the node has Track links on, and credits the click to that flow and node', async () => {
    const w = await app.signIn();
    const flowId = await publishFlow(w.client, {
      nodes: [
        keywordTrigger(['catalog']),
        node('2', 'instagramDM', { text: 'Our catalog: https://shop.example.com/catalog?src=flow', trackLinks: true }),
        node('3', 'instagramDM', { text: 'Untracked: https://shop.example.com/faq', trackLinks: false }),
        node('4', 'complete'),
      ],
      edges: [edge('1', '2'), edge('2', '3'), edge('3', '4')],
    });
    await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: maya, text: 'catalog' });
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 15_000 }).toBe('completed');
    const texts = ((await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as Outbox).map((o) => o.text).sort();
    const code = codeIn(texts[0]!)!;
    // Only the node with Track links on is wrapped.
    expect(texts).toEqual([`Our catalog: ${app.t.app.web!.url}/l/${code}`, 'Untracked: https://shop.example.com/faq']);

    const click = await fetch(`${app.t.baseUrl}/l/${code}`, { redirect: 'manual' });
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe('https://shop.example.com/catalog?src=flow');

    const rows = await app.pool.query(
      `select c.workspace_id, l.flow_id, l.node_id, l.rule_id, ct.external_user_id from link_clicks c
       join tracked_links l on l.code = c.code join contacts ct on ct.id = l.contact_id where c.code = $1`,
      [code],
    );
    expect(rows.rows).toEqual([{ workspace_id: w.user.workspaceId, flow_id: flowId, node_id: '2', rule_id: null, external_user_id: 'sim-maya' }]);
    const links = (await w.client.get('/api/analytics/automation?timeframe=7d')).data.links;
    expect(links).toEqual([expect.objectContaining({ source: 'flow', flowId, nodeId: '2', sent: 1, clickedMessages: 1, clicks: 1, ctr: 1 })]);
  });
});

describe('median first response time', () => {
  it('is the median of first inbound → first outbound per conversation, unanswered ones counted apart', async () => {
    const w = await app.signIn();
    const q = (sql: string, params: unknown[]) => app.pool.query(sql, params);
    const empty = await w.client.get('/api/analytics/automation?timeframe=30d');
    expect(empty.data.firstResponse).toEqual({ medianSeconds: null, conversations: 0, waiting: 0 });
    // Answered after 60 s, 120 s and 600 s; one never answered.
    for (const [i, gap] of [60, 120, 600, null].entries()) {
      const contact = await q(`insert into contacts (workspace_id, account_id, external_user_id, name) values ($1, $2, $3, $3) returning id`, [
        w.user.workspaceId,
        w.instagram.id,
        `frt${i}`,
      ]);
      const conv = await q(
        `insert into conversations (workspace_id, account_id, contact_id, platform, customer_name, external_user_id, last_message_time)
         values ($1, $2, $3, 'instagram', 'x', $4, now()) returning id`,
        [w.user.workspaceId, w.instagram.id, contact.rows[0].id, `frt${i}`],
      );
      const ins = `insert into messages (workspace_id, conversation_id, account_id, content, direction, source, created_at) values ($1, $2, $3, 'm', $4, $5, $6)`;
      const base = new Date(Date.now() - 3_600_000);
      await q(ins, [w.user.workspaceId, conv.rows[0].id, w.instagram.id, 'inbound', 'contact', base]);
      await q(ins, [w.user.workspaceId, conv.rows[0].id, w.instagram.id, 'inbound', 'contact', new Date(base.getTime() + 30_000)]);
      if (gap !== null) await q(ins, [w.user.workspaceId, conv.rows[0].id, w.instagram.id, 'outbound', 'inbox', new Date(base.getTime() + gap * 1000)]);
    }
    const res = await w.client.get('/api/analytics/automation?timeframe=30d');
    expect(res.data.firstResponse).toEqual({ medianSeconds: 120, conversations: 3, waiting: 1 });
  });

  it('rejects an unknown timeframe with 400', async () => {
    const w = await app.signIn();
    const res = await w.client.get('/api/analytics/automation?timeframe=1y');
    expect(res.status).toBe(400);
  });
});
