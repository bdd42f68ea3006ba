import { describe, expect, it } from 'vitest';
import type { DashboardToday } from '../../contracts/dashboard';
import type { Figures } from '../../contracts/figures';
import { edge, keywordTrigger, node, publishFlow, runsOf } from '../../tests/support/flows';
import { HttpClient } from '../../tests/support/http-client';
import { useTestApp } from '../../tests/support/use-test-app';

/**
 * One set of numbers (docs/product-spec.md, Glossary): a workspace built with known data through the
 * app's own paths — simulated comments a rule answers privately and publicly, a comment nobody
 * answers, a flow that DMs and then fails, a person's inbox reply, leads converted with and without a
 * value, one deleted, a shop sale — and every page's API asked for the same terms: the dashboard,
 * Analytics (every timeframe), Leads, Comment Growth, Connect Accounts and the landing page.
 */
const app = useTestApp({ env: { PUBLIC_STATS: 'true' } });

type W = Awaited<ReturnType<typeof app.signIn>>;
const people = ['ana', 'ben', 'cho', 'dev'].map((n) => ({
  externalUserId: `sim-${n}`,
  name: `${n[0]!.toUpperCase()}${n.slice(1)} Test`,
  username: `${n}.test`,
}));

/** A zone whose local time is near noon now, so the test never straddles the workspace's midnight. */
function zoneNearNoon(): string {
  const hourUtc = new Date().getUTCHours();
  const offset = ((12 - hourUtc + 36) % 24) - 12; // local = UTC + offset, in -12..11
  // Etc/GMT signs are inverted (Etc/GMT-3 is UTC+3).
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

async function outbox(w: W) {
  return (await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as { kind: string; commentId: string | null }[];
}

/** The known data. What each step adds is in the comments; the totals are asserted below. */
async function build(w: W) {
  const rule = await w.client.post('/api/comment-rules', {
    platform: 'instagram',
    keywords: ['price'],
    responseTemplate: 'Hi {first_name}, prices: example.com/prices',
    publicReplyTemplate: 'Sent you a DM!',
  });
  expect(rule.status).toBe(201);
  const post = w.igPosts[0]!.externalId;
  // 3 comments the rule answers (a private and a public reply each): 3 comments answered, 6 automated
  // replies, 3 DMs sent (private replies are DMs), 3 leads (a rule that fired captures one).
  for (const [i, person] of people.slice(0, 3).entries()) {
    const res = await w.client.post('/api/simulator/comments', {
      accountId: w.instagram.id,
      postId: post,
      contact: person,
      text: 'what is the price?',
      commentId: `g-${i}`,
    });
    expect(res.status).toBe(202);
  }
  // A comment nobody answers: received, not answered.
  await w.client.post('/api/simulator/comments', { accountId: w.instagram.id, postId: post, contact: people[3], text: 'lovely colours', commentId: 'g-none' });
  await expect.poll(async () => (await outbox(w)).length, { timeout: 15_000 }).toBe(6);

  // A flow: a DM ("crm") gets a flow DM (1 automated reply, 1 DM sent), then its webhook step is
  // refused (a private address) and the run fails: 1 failed run. The DM itself: 1 DM received.
  const flowId = await publishFlow(w.client, {
    nodes: [
      keywordTrigger(['crm']),
      node('2', 'instagramDM', { text: 'One moment…' }),
      node('3', 'webhook', { method: 'POST', url: 'http://169.254.169.254/latest', headers: [], body: '{}' }),
    ],
    edges: [edge('1', '2'), edge('2', '3')],
  });
  expect((await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: people[3], text: 'crm' })).status).toBe(202);
  await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 15_000 }).toBe('failed');

  // A person answers in the inbox: a DM sent, not an automated reply.
  const conversations = (await w.client.get('/api/conversations')).data.conversations as { id: string; customerName: string }[];
  const dev = conversations.find((c) => c.customerName === people[3]!.name)!;
  expect((await w.client.post(`/api/conversations/${dev.id}/messages`, { content: 'Thanks, a person here.' })).status).toBe(201);
  await expect.poll(async () => (await outbox(w)).length, { timeout: 15_000 }).toBe(8);

  // Leads by hand: one converted with a value, one converted without (a conversion all the same), one
  // qualified, one deleted (no longer a lead). And a shop's sale through the API.
  const lead = async (body: object) => (await w.client.post('/api/leads', body)).data as { id: string };
  const a = await lead({ name: 'Paid', source: 'manual' });
  await w.client.request('PATCH', `/api/leads/${a.id}`, { json: { status: 'converted', value: 5000 } });
  const b = await lead({ name: 'Free', source: 'manual' });
  await w.client.request('PATCH', `/api/leads/${b.id}`, { json: { status: 'converted' } });
  const c = await lead({ name: 'Maybe', source: 'manual' });
  await w.client.request('PATCH', `/api/leads/${c.id}`, { json: { status: 'qualified' } });
  const d = await lead({ name: 'Gone', source: 'manual' });
  expect((await w.client.request('DELETE', `/api/leads/${d.id}`)).status).toBe(204);
  const { key } = (await w.client.post('/api/api-keys', { name: 'Shop', scopes: ['conversions:write'] })).data as { key: string };
  const sale = await fetch(`${app.t.baseUrl}/api/conversions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ amountCents: 2500, idempotencyKey: 'order-1' }),
  });
  expect(sale.status).toBe(201);
}

describe('every page reads the same figure for the same glossary term', () => {
  it('dashboard, Analytics, Leads, Comment Growth, Connect Accounts and the landing page agree, with the known values', async () => {
    const w = await app.signIn('Glossary');
    const zone = zoneNearNoon();
    expect((await w.client.put('/api/settings/time-zone', { timeZone: zone })).data).toEqual({ timeZone: zone });
    await build(w);
    // Another tenant's activity, counted on the landing page but never on w's pages.
    const other = await app.signIn('Other');
    await other.client.post('/api/leads', { name: 'Elsewhere' });
    // A demo visitor's seeded workspace: on no page of w's and not on the landing page.
    expect((await new HttpClient(app.t.baseUrl).post('/api/auth/test-login', {})).status).toBe(200);

    const autoLeads = Number(
      (await app.pool.query(`select count(*) from leads where workspace_id = $1 and source <> 'manual'`, [w.user.workspaceId])).rows[0].count,
    );
    expect(autoLeads).toBeGreaterThanOrEqual(3); // the three answered commenters (and Dev, if their DM read as buying intent)
    const expected = {
      automatedReplies: 7,
      commentsAnswered: 3,
      dmsSent: 5,
      dmsReceived: 1,
      leads: autoLeads + 3,
      conversions: 3,
      revenueCents: 7500,
      avgRevenueCents: 2500,
      conversionRate: `${Math.round((3 / (autoLeads + 3)) * 1000) / 10}%`,
      failedRuns: 1,
      // Everything happened on the workspace's sandbox account.
      simulated: { automatedReplies: 7, commentsAnswered: 3, dmsSent: 5, dmsReceived: 1 },
    };
    const terms = (f: Figures) => {
      const { period: _p, linkClicks: _l, ...rest } = f;
      return rest;
    };

    // The dashboard: today, in the workspace's zone.
    const today = (await w.client.get('/api/dashboard/today')).data as DashboardToday;
    expect(terms(today.figures)).toEqual(expected);
    expect(today.figures.period).toMatchObject({ timeZone: zone, from: today.figures.period.to });
    const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    expect(today.figures.period.to).toBe(localDay);
    expect(today.state).toMatchObject({ activeFlows: 1, activeRules: 1 });

    // Analytics, every timeframe (all of it happened today): its figures, its four cards and its charts.
    for (const timeframe of ['7d', '30d', '90d']) {
      const dash = (await w.client.get(`/api/analytics/dashboard?timeframe=${timeframe}`)).data;
      expect(terms(dash.figures)).toEqual(expected);
      expect(dash.summary).toEqual({
        totalLeads: expected.leads,
        totalConversions: expected.conversions,
        totalRevenue: expected.revenueCents,
        avgRevenue: expected.avgRevenueCents,
        conversionRate: expected.conversionRate,
      });
      expect((await w.client.get(`/api/analytics/summary?timeframe=${timeframe}`)).data.summary).toEqual(dash.summary);
      const real = (await w.client.get(`/api/analytics/real-data?timeframe=${timeframe}`)).data;
      const total = (k: string) => real.days.reduce((n: number, day: Record<string, number>) => n + day[k]!, 0);
      expect({
        automatedReplies: total('automatedReplies'),
        commentsAnswered: total('commentsAnswered'),
        dmsSent: total('dmsSent'),
        dmsReceived: total('messagesIn'),
        leads: total('leadsCreated'),
        conversions: total('conversions'),
        revenueCents: total('revenueCents'),
        failedRuns: real.flows.reduce((n: number, f: { runsFailed: number }) => n + f.runsFailed, 0),
      }).toEqual({
        automatedReplies: expected.automatedReplies,
        commentsAnswered: expected.commentsAnswered,
        dmsSent: expected.dmsSent,
        dmsReceived: expected.dmsReceived,
        leads: expected.leads,
        conversions: expected.conversions,
        revenueCents: expected.revenueCents,
        failedRuns: expected.failedRuns,
      });
      expect(real.days.at(-1).day).toBe(localDay);
    }

    // Leads: the four cards (all time), the list's total, and the converted status (two leads; the
    // third conversion is the shop's sale, which has no lead).
    const summary = (await w.client.get('/api/leads/summary')).data as Figures;
    expect(terms(summary)).toEqual(expected);
    const list = (await w.client.get('/api/leads')).data;
    expect(list.pagination.total).toBe(expected.leads);
    expect(list.counts.converted).toBe(2);

    // Comment Growth: the count beside the feed is the leads; the rule's replies read "sent".
    expect((await w.client.get('/api/automation/activity/count')).data).toEqual({ count: expected.leads });
    const feed = (await w.client.get('/api/automation/activity')).data.activities as { action: string; message: string }[];
    const ruleLines = feed.filter((a) => a.action === 'comment_rule_matched');
    expect(ruleLines).toHaveLength(3);
    for (const line of ruleLines) expect(line.message).toMatch(/matched a rule: private reply sent$/);
    const rules = (await w.client.get('/api/comment-rules')).data as { stats: { sent: number } }[];
    expect(rules[0]!.stats.sent).toBe(expected.commentsAnswered);

    // Connect Accounts reads the dashboard's state: the sandbox accounts are connected accounts.
    const sandbox = Number(
      (await app.pool.query(`select count(*) from social_accounts where workspace_id = $1 and provider = 'sandbox' and is_active`, [w.user.workspaceId]))
        .rows[0].count,
    );
    expect(sandbox).toBeGreaterThan(0);
    expect(today.state.connectedAccounts).toEqual({ total: sandbox, simulator: sandbox });

    // The bell shows the failed run.
    const bell = (await w.client.get('/api/notifications')).data.notifications as { kind: string; title: string; body: string; link: string }[];
    expect(bell.find((n) => n.kind === 'runs_failed')).toMatchObject({ title: 'Runs of "Test flow" failed', link: '/runs?status=failed' });
    expect(bell.find((n) => n.kind === 'runs_failed')!.body).toMatch(/^1 run failed on /);

    // The landing page: the same terms over every workspace but the demo visitor's.
    const otherFigures = (await other.client.get('/api/leads/summary')).data as Figures;
    const landing = (await new HttpClient(app.t.baseUrl).get('/api/stats/public')).data;
    expect(landing).toEqual({
      enabled: true,
      commentsAnswered: expected.commentsAnswered + otherFigures.commentsAnswered,
      automatedReplies: expected.automatedReplies + otherFigures.automatedReplies,
      leads: expected.leads + otherFigures.leads,
      simulated: { commentsAnswered: expected.simulated.commentsAnswered, automatedReplies: expected.simulated.automatedReplies },
    });
    expect(otherFigures.leads).toBe(1);
  });
});
