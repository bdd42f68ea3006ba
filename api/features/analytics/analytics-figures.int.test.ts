import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/use-test-app';

const app = useTestApp();

/** Days ago each seeded event happened: inside and outside every timeframe's edge. */
const AGES = [0, 1, 6, 8, 20, 29, 31, 60, 89, 91, 120];
const timeframes = { '7d': 7, '30d': 30, '90d': 90 } as const;

/** Raw rows written the way the app writes them (the rollup triggers see ordinary inserts and updates), dated in the past. */
async function seed(workspaceId: string, accountId: string) {
  const q = (sql: string, params: unknown[]) => app.pool.query(sql, params);
  const flow = await q(`insert into flows (workspace_id, name, graph, is_active) values ($1, 'Welcome', '{}', true) returning id`, [workspaceId]);
  const flowId: string = flow.rows[0].id;
  const version = await q(`insert into flow_versions (workspace_id, flow_id, version, graph, plan) values ($1, $2, 1, '{}', '{}') returning id`, [
    workspaceId,
    flowId,
  ]);
  for (const [i, age] of AGES.entries()) {
    const at = `now() - interval '${age} days' - interval '${i} minutes'`;
    const contact = await q(`insert into contacts (workspace_id, account_id, external_user_id, name) values ($1, $2, $3, $3) returning id`, [
      workspaceId,
      accountId,
      `c${i}`,
    ]);
    const contactId: string = contact.rows[0].id;
    const conv = await q(
      `insert into conversations (workspace_id, account_id, contact_id, platform, customer_name, external_user_id) values ($1, $2, $3, 'instagram', 'x', $4) returning id`,
      [workspaceId, accountId, contactId, `c${i}`],
    );
    // i+1 inbound and 1 outbound message per contact.
    await q(
      `insert into messages (workspace_id, conversation_id, account_id, content, direction, source, created_at)
       select $1, $2, $3, 'hi', case when g = 0 then 'outbound' else 'inbound' end, case when g = 0 then 'flow' else 'contact' end, ${at}
       from generate_series(0, $4::int) g`,
      [workspaceId, conv.rows[0].id, accountId, i + 1],
    );
    // The comment the replies answer.
    await q(
      `insert into comments (workspace_id, account_id, contact_id, platform_comment_id, post_id, text, author_external_id, commented_at, created_at)
       values ($1, $2, $3, $4, 'post', 'price?', $5, ${at}, ${at})`,
      [workspaceId, accountId, contactId, `cmt-${i}`, `c${i}`],
    );
    // A DM that is sent, one that fails, one still queued, a private reply that is sent (a comment
    // answered) and, on every other comment, a public reply to the same comment (still one answered).
    for (const [kind, status] of [
      ['dm', 'sent'],
      ['dm', 'failed'],
      ['dm', 'queued'],
      ['private_reply', 'sent'],
      ...(i % 2 === 0 ? ([['public_reply', 'sent']] as const) : []),
    ] as const) {
      const target = kind === 'dm' ? 't' : `cmt-${i}`;
      const l = await q(
        `insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text, created_at) values ($1, $2, $3, $4, $5, 'x', ${at}) returning id`,
        [workspaceId, accountId, `${workspaceId}:${i}:${kind}:${status}`, kind, target],
      );
      if (status !== 'queued') await q(`update outbound_ledger set status = $2, sent_at = ${at} where id = $1`, [l.rows[0].id, status]);
    }
    const run = await q(
      `insert into flow_runs (workspace_id, flow_id, version_id, account_id, contact_id, status, state, trigger, started_at)
       values ($1, $2, $3, $4, $5, 'waiting', '{}', '{}', ${at}) returning id`,
      [workspaceId, flowId, version.rows[0].id, accountId, contactId],
    );
    if (i % 3 !== 2) await q(`update flow_runs set status = $2, finished_at = ${at} where id = $1`, [run.rows[0].id, i % 3 === 0 ? 'completed' : 'failed']);
    const lead = await q(`insert into leads (workspace_id, contact_id, name, source, created_at) values ($1, $2, $3, 'instagram', ${at}) returning id`, [
      workspaceId,
      contactId,
      `Lead ${i}`,
    ]);
    if (i % 2 === 0) {
      // Converted with a value (today): one conversion. The value changing afterwards makes no second
      // one; the conversion's value follows it.
      await q(`update leads set status = 'converted', value_cents = $2 where id = $1`, [lead.rows[0].id, 1000 * (i + 1)]);
      await q(`update leads set value_cents = value_cents + 1 where id = $1`, [lead.rows[0].id]);
    } else if (i % 3 === 0) {
      // Converted without a value: a conversion all the same, worth $0.
      await q(`update leads set status = 'converted' where id = $1`, [lead.rows[0].id]);
    }
  }
  return flowId;
}

/** The same figures counted straight from the raw rows, by UTC day (the workspace's zone), independently of the rollups. */
async function rawFigures(workspaceId: string, days: number) {
  const inWindow = (col: string) => `(${col} at time zone 'UTC')::date >= (now() at time zone 'UTC')::date - ${days - 1}`;
  const one = async (sql: string) => Number((await app.pool.query(sql, [workspaceId])).rows[0].n);
  return {
    messagesIn: await one(`select count(*) n from messages where workspace_id = $1 and direction = 'inbound' and ${inWindow('created_at')}`),
    messagesOut: await one(`select count(*) n from messages where workspace_id = $1 and direction = 'outbound' and ${inWindow('created_at')}`),
    dmsQueued: await one(`select count(*) n from outbound_ledger where workspace_id = $1 and kind in ('dm', 'private_reply') and ${inWindow('created_at')}`),
    dmsSent: await one(
      `select count(*) n from outbound_ledger where workspace_id = $1 and status = 'sent' and kind in ('dm', 'private_reply') and ${inWindow('sent_at')}`,
    ),
    dmsFailed: await one(`select count(*) n from outbound_ledger where workspace_id = $1 and status = 'failed' and ${inWindow('sent_at')}`),
    // A comment once, on the day of its first sent reply.
    commentsAnswered: await one(
      `select count(*) n from (select min(sent_at) as first from outbound_ledger where workspace_id = $1 and status = 'sent'
         and kind in ('private_reply', 'public_reply') group by target) c where ${inWindow('c.first')}`,
    ),
    // Replies to comments are only ever sent by rules and flows; these DMs have no rule or flow message.
    automatedReplies: await one(
      `select count(*) n from outbound_ledger where workspace_id = $1 and status = 'sent' and kind in ('private_reply', 'public_reply') and ${inWindow('sent_at')}`,
    ),
    leadsCreated: await one(`select count(*) n from leads where workspace_id = $1 and ${inWindow('created_at')}`),
    conversions: await one(`select count(*) n from conversions where workspace_id = $1 and ${inWindow('created_at')}`),
    revenueCents: await one(`select coalesce(sum(amount_cents), 0) n from conversions where workspace_id = $1 and ${inWindow('created_at')}`),
    runsStarted: await one(`select count(*) n from flow_runs where workspace_id = $1 and ${inWindow('started_at')}`),
    runsCompleted: await one(`select count(*) n from flow_runs where workspace_id = $1 and status = 'completed' and ${inWindow('finished_at')}`),
    runsFailed: await one(`select count(*) n from flow_runs where workspace_id = $1 and status = 'failed' and ${inWindow('finished_at')}`),
  };
}

/**
 * Conversations for the first response figure, written in the ways the app writes messages: replies
 * by a flow, a comment rule and a person; one waiting; one whose broadcast came before the person
 * wrote (not a response); rows inserted out of time order (a later reply first, then an earlier one,
 * then the inbound before both); a queued reply deleted again (a taken send key); conversations
 * with no inbound message. Each statement commits on its own, so the triggers run at every commit.
 * Then DMs of one flow node carrying tracked links: sent or not, clicked or not, two links in one
 * message, and links made just inside and outside the 7-day window clicked today.
 */
async function seedAutomation(workspaceId: string, accountId: string) {
  const q = async (sql: string, params: unknown[]) => (await app.pool.query(sql, params)).rows;
  const [flow] = await q(`insert into flows (workspace_id, name, graph, is_active) values ($1, 'Links', '{}', true) returning id`, [workspaceId]);
  const flowId: string = flow.id;
  const message = async (conversationId: string, direction: 'inbound' | 'outbound', source: string, at: string, status = 'sent') =>
    (
      await q(
        `insert into messages (workspace_id, conversation_id, account_id, content, direction, status, source, created_at)
         values ($1, $2, $3, 'x', $4, $5, $6, ${at}) returning id`,
        [workspaceId, conversationId, accountId, direction, status, source],
      )
    )[0].id as string;
  const dmMessages: { id: string; at: string }[] = [];
  for (const [i, age] of AGES.entries()) {
    const [contact] = await q(`insert into contacts (workspace_id, account_id, external_user_id, name) values ($1, $2, $3, $3) returning id`, [
      workspaceId,
      accountId,
      `a${i}`,
    ]);
    const [conv] = await q(
      `insert into conversations (workspace_id, account_id, contact_id, platform, customer_name, external_user_id) values ($1, $2, $3, 'instagram', 'x', $4) returning id`,
      [workspaceId, accountId, contact.id, `a${i}`],
    );
    const t0 = `now() - interval '${age} days' + interval '1 hour'`;
    const after = (minutes: number) => `${t0} + interval '${minutes} minutes'`;
    switch (i % 5) {
      case 0: {
        // Answered by the flow after 3 + i minutes; an earlier queued reply deleted again.
        await message(conv.id, 'inbound', 'contact', t0);
        const draft = await message(conv.id, 'outbound', 'flow', after(1), 'queued');
        await app.pool.query('delete from messages where id = $1', [draft]);
        dmMessages.push({ id: await message(conv.id, 'outbound', 'flow', after(3 + i)), at: after(3 + i) });
        await message(conv.id, 'inbound', 'contact', after(30));
        break;
      }
      case 1:
        // Answered by a person in the inbox, after 90 + i minutes.
        await message(conv.id, 'inbound', 'contact', t0);
        await message(conv.id, 'outbound', 'inbox', after(90 + i));
        dmMessages.push({ id: await message(conv.id, 'outbound', 'flow', after(200), i % 2 ? 'failed' : 'sent'), at: after(200) });
        break;
      case 2:
        // A broadcast before the person ever wrote, then nobody answers: waiting.
        dmMessages.push({ id: await message(conv.id, 'outbound', 'flow', `${t0} - interval '2 hours'`), at: `${t0} - interval '2 hours'` });
        await message(conv.id, 'inbound', 'contact', t0);
        break;
      case 3:
        // Inserted out of time order: an inbound, a late reply, an inbound before both (now the first
        // inbound), then a rule reply before the late one (now the first response).
        await message(conv.id, 'inbound', 'contact', after(2));
        dmMessages.push({ id: await message(conv.id, 'outbound', 'flow', after(400)), at: after(400) });
        await message(conv.id, 'inbound', 'contact', t0);
        await message(conv.id, 'outbound', 'comment_rule', after(7 + i));
        break;
      default:
        // Only outbound messages: no first inbound, in no window.
        await message(conv.id, 'outbound', 'broadcast', t0);
    }
  }
  // Tracked links of the DMs: one per message, a second on some; clicks on some, dated today.
  for (const [k, m] of dmMessages.entries()) {
    const urls = k % 3 === 0 ? ['https://a.example', 'https://b.example'] : ['https://a.example'];
    for (const [u, url] of urls.entries()) {
      const code = `${workspaceId.slice(0, 8)}${k}x${u}`;
      await q(
        `insert into tracked_links (code, workspace_id, target_url, flow_id, node_id, message_id, created_at) values ($1, $2, $3, $4, 'dm', $5, ${m.at})`,
        [code, workspaceId, url, flowId, m.id],
      );
      const clicks = (k + u) % 4 === 1 ? 0 : (k + u) % 3;
      for (let c = 0; c < clicks; c++) await q(`insert into link_clicks (workspace_id, code) values ($1, $2)`, [workspaceId, code]);
    }
  }
  // The sender changes statuses after the links exist: some sent DMs fail, the failed ones are
  // retried and sent, one goes back to queued and is sent within one transaction.
  for (const [k, m] of dmMessages.entries()) {
    if (k % 4 === 2) await q(`update messages set status = case status when 'sent' then 'failed' else 'sent' end where id = $1`, [m.id]);
  }
  const sender = await app.pool.connect();
  try {
    await sender.query('begin');
    await sender.query(`update messages set status = 'queued' where id = $1`, [dmMessages[0]!.id]);
    await sender.query(`update messages set status = 'sent' where id = $1`, [dmMessages[0]!.id]);
    await sender.query('commit');
  } finally {
    sender.release();
  }
  // One click made and withdrawn in a transaction that rolls back counts nothing.
  const client = await app.pool.connect();
  try {
    await client.query('begin');
    await client.query(`insert into link_clicks (workspace_id, code) values ($1, $2)`, [workspaceId, `${workspaceId.slice(0, 8)}0x0`]);
    await client.query('rollback');
  } finally {
    client.release();
  }
  return flowId;
}

/** The automation figures from the raw messages, tracked_links and link_clicks rows, computed here. */
async function rawAutomation(workspaceId: string, days: number) {
  // The window's first instant: midnight (UTC, the workspace's zone) days - 1 days ago.
  const since = Number(
    (
      await app.pool.query(`select extract(epoch from (((now() at time zone 'UTC')::date - ($1::int - 1))::timestamp at time zone 'UTC')) * 1000000 as t`, [
        days,
      ])
    ).rows[0].t,
  );
  const msgs = // Microseconds since the epoch: a JS Date would round the stored times to milliseconds.
    (
      await app.pool.query<{ conversation_id: string; direction: string; us: string }>(
        `select conversation_id, direction, (extract(epoch from created_at) * 1000000)::bigint::text as us from messages where workspace_id = $1`,
        [workspaceId],
      )
    ).rows;
  const answered: number[] = [];
  let waiting = 0;
  for (const conv of new Set(msgs.map((m) => m.conversation_id))) {
    const mine = msgs.filter((m) => m.conversation_id === conv);
    const ins = mine.filter((m) => m.direction === 'inbound').map((m) => Number(m.us));
    if (ins.length === 0) continue;
    const firstIn = Math.min(...ins);
    if (firstIn < since) continue;
    const outs = mine.filter((m) => m.direction === 'outbound' && Number(m.us) >= firstIn).map((m) => Number(m.us));
    if (outs.length === 0) waiting++;
    else answered.push((Math.min(...outs) - firstIn) / 1e6);
  }
  const links = (
    await app.pool.query<{ message_id: string; status: string; us: string; code: string }>(
      'select t.message_id, m.status, (extract(epoch from t.created_at) * 1000000)::bigint::text as us, t.code from tracked_links t join messages m on m.id = t.message_id where t.workspace_id = $1',
      [workspaceId],
    )
  ).rows.filter((l) => Number(l.us) >= since);
  const clicksOf = new Map<string, number>();
  for (const c of (await app.pool.query<{ code: string }>('select code from link_clicks where workspace_id = $1', [workspaceId])).rows) {
    clicksOf.set(c.code, (clicksOf.get(c.code) ?? 0) + 1);
  }
  const perMessage = new Map<string, { sent: boolean; clicks: number }>();
  for (const l of links) {
    const m = perMessage.get(l.message_id) ?? { sent: false, clicks: 0 };
    perMessage.set(l.message_id, { sent: m.sent || l.status === 'sent', clicks: m.clicks + (clicksOf.get(l.code) ?? 0) });
  }
  const all = [...perMessage.values()];
  return {
    answered,
    waiting,
    sent: all.filter((m) => m.sent).length,
    clicked: all.filter((m) => m.sent && m.clicks > 0).length,
    clicks: all.reduce((s, m) => s + m.clicks, 0),
  };
}

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

describe('analytics figures equal the raw rows, per timeframe', () => {
  it('summary, dashboard and series agree with counts taken from the seeded rows', async () => {
    const w = await app.signIn();
    const other = await app.signIn();
    const flowId = await seed(w.user.workspaceId, w.instagram.id);
    // Another tenant's activity never shows up.
    await seed(other.user.workspaceId, other.instagram.id);

    for (const [timeframe, days] of Object.entries(timeframes)) {
      const raw = await rawFigures(w.user.workspaceId, days);
      expect(raw.messagesIn).toBeGreaterThan(0);

      const summary = (await w.client.get(`/api/analytics/summary?timeframe=${timeframe}`)).data;
      expect(summary.figures).toMatchObject({
        dmsReceived: raw.messagesIn,
        dmsSent: raw.dmsSent,
        commentsAnswered: raw.commentsAnswered,
        automatedReplies: raw.automatedReplies,
        leads: raw.leadsCreated,
        conversions: raw.conversions,
        revenueCents: raw.revenueCents,
        failedRuns: raw.runsFailed,
        // The workspace's sandbox account: all of it happened in the simulator.
        simulated: { dmsReceived: raw.messagesIn, dmsSent: raw.dmsSent, commentsAnswered: raw.commentsAnswered, automatedReplies: raw.automatedReplies },
        period: { timeZone: 'UTC', from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      });
      expect(raw.commentsAnswered).toBeGreaterThan(0);
      const rate = raw.leadsCreated === 0 ? '0%' : `${Math.round((raw.conversions / raw.leadsCreated) * 1000) / 10}%`;
      expect(summary.summary).toEqual({
        totalLeads: raw.leadsCreated,
        totalConversions: raw.conversions,
        totalRevenue: raw.revenueCents,
        avgRevenue: raw.conversions === 0 ? null : Math.round(raw.revenueCents / raw.conversions),
        conversionRate: rate,
      });

      const dashboard = (await w.client.get(`/api/analytics/dashboard?timeframe=${timeframe}`)).data;
      expect(dashboard.summary).toEqual(summary.summary);
      expect(dashboard.recentLeads).toHaveLength(5);
      expect(dashboard.recentLeads[0].name).toBe('Lead 0');

      const real = (await w.client.get(`/api/analytics/real-data?timeframe=${timeframe}`)).data;
      expect(real.days).toHaveLength(days);
      const sumOf = (k: 'messagesIn' | 'messagesOut' | 'dmsQueued' | 'dmsFailed' | 'commentsAnswered') =>
        real.days.reduce((n: number, d: Record<string, number>) => n + d[k]!, 0);
      expect([sumOf('messagesIn'), sumOf('messagesOut'), sumOf('dmsQueued'), sumOf('dmsFailed'), sumOf('commentsAnswered')]).toEqual([
        raw.messagesIn,
        raw.messagesOut,
        raw.dmsQueued,
        raw.dmsFailed,
        raw.commentsAnswered,
      ]);
      expect(real.platforms).toEqual([expect.objectContaining({ platform: 'simulator', messagesIn: raw.messagesIn, conversions: raw.conversions })]);
      expect(real.flows).toEqual([
        {
          flowId,
          name: 'Welcome',
          runsStarted: raw.runsStarted,
          runsCompleted: raw.runsCompleted,
          runsFailed: raw.runsFailed,
          conversions: 0,
          revenueCents: 0,
        },
      ]);
    }
  });

  it('automation: median first response and link CTR per timeframe equal what the raw messages and clicks say', async () => {
    const w = await app.signIn();
    const other = await app.signIn();
    const flowId = await seedAutomation(w.user.workspaceId, w.instagram.id);
    await seedAutomation(other.user.workspaceId, other.instagram.id);

    for (const [timeframe, days] of Object.entries(timeframes)) {
      const raw = await rawAutomation(w.user.workspaceId, days);
      const res = await w.client.get(`/api/analytics/automation?timeframe=${timeframe}`);
      expect(res.status).toBe(200);
      const { firstResponse, links } = res.data;
      expect(firstResponse.conversations).toBe(raw.answered.length);
      expect(firstResponse.waiting).toBe(raw.waiting);
      expect(raw.answered.length).toBeGreaterThan(0);
      expect(firstResponse.medianSeconds).toBeCloseTo(median(raw.answered), 5);

      expect(links).toEqual([
        expect.objectContaining({ source: 'flow', flowId, nodeId: 'dm', name: 'Links', sent: raw.sent, clickedMessages: raw.clicked, clicks: raw.clicks }),
      ]);
      expect(raw.sent).toBeGreaterThan(raw.clicked);
      expect(links[0].ctr).toBeCloseTo(raw.clicked / raw.sent, 6);
    }
    // Clicks count with their link's day: a link made 8 days ago and clicked today is in 30d, not 7d.
    const week = await rawAutomation(w.user.workspaceId, 7);
    const month = await rawAutomation(w.user.workspaceId, 30);
    expect(month.clicks).toBeGreaterThan(week.clicks);
  });

  it('defaults to 30 days, refuses other timeframes, and needs a session', async () => {
    const w = await app.signIn();
    const empty = (await w.client.get('/api/analytics/dashboard')).data;
    expect(empty).toMatchObject({ timeframe: '30d', summary: { totalLeads: 0, totalConversions: 0, totalRevenue: 0, conversionRate: '0%' }, recentLeads: [] });
    expect((await w.client.get('/api/analytics/real-data')).data.days).toHaveLength(30);
    expect((await w.client.get('/api/analytics/summary?timeframe=365d')).status).toBe(400);
    const anonymous = await fetch(`${app.t.baseUrl}/api/analytics/summary`);
    expect(anonymous.status).toBe(401);
  });
});
