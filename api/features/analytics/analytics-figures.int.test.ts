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
    // A DM that is sent, one that fails, one still queued, and a private reply that is sent (a comment answered).
    for (const [kind, status] of [
      ['dm', 'sent'],
      ['dm', 'failed'],
      ['dm', 'queued'],
      ['private_reply', 'sent'],
    ] as const) {
      const l = await q(
        `insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text, created_at) values ($1, $2, $3, $4, 't', 'x', ${at}) returning id`,
        [workspaceId, accountId, `${workspaceId}:${i}:${kind}:${status}`, kind],
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
      // Converted with a value (today): one conversion. The value changing afterwards makes no second one.
      await q(`update leads set status = 'converted', value_cents = $2 where id = $1`, [lead.rows[0].id, 1000 * (i + 1)]);
      await q(`update leads set value_cents = value_cents + 1 where id = $1`, [lead.rows[0].id]);
    }
  }
  return flowId;
}

/** The same figures counted straight from the raw rows, by UTC day, independently of the rollups. */
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
    commentsAnswered: await one(
      `select count(*) n from outbound_ledger where workspace_id = $1 and status = 'sent' and kind = 'private_reply' and ${inWindow('sent_at')}`,
    ),
    leadsCreated: await one(`select count(*) n from leads where workspace_id = $1 and ${inWindow('created_at')}`),
    conversions: await one(`select count(*) n from conversions where workspace_id = $1 and ${inWindow('created_at')}`),
    revenueCents: await one(`select coalesce(sum(amount_cents), 0) n from conversions where workspace_id = $1 and ${inWindow('created_at')}`),
    runsStarted: await one(`select count(*) n from flow_runs where workspace_id = $1 and ${inWindow('started_at')}`),
    runsCompleted: await one(`select count(*) n from flow_runs where workspace_id = $1 and status = 'completed' and ${inWindow('finished_at')}`),
    runsFailed: await one(`select count(*) n from flow_runs where workspace_id = $1 and status = 'failed' and ${inWindow('finished_at')}`),
  };
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
      expect(summary.totals).toMatchObject({
        messagesIn: raw.messagesIn,
        messagesOut: raw.messagesOut,
        dmsQueued: raw.dmsQueued,
        dmsSent: raw.dmsSent,
        dmsFailed: raw.dmsFailed,
        commentsAnswered: raw.commentsAnswered,
        leadsCreated: raw.leadsCreated,
        conversions: raw.conversions,
        revenueCents: raw.revenueCents,
      });
      const rate = raw.leadsCreated === 0 ? '0%' : `${Math.round((raw.conversions / raw.leadsCreated) * 1000) / 10}%`;
      expect(summary.summary).toEqual({
        totalLeads: raw.leadsCreated,
        totalConversions: raw.conversions,
        totalRevenue: raw.revenueCents,
        conversionRate: rate,
      });

      const dashboard = (await w.client.get(`/api/analytics/dashboard?timeframe=${timeframe}`)).data;
      expect(dashboard.summary).toEqual(summary.summary);
      expect(dashboard.recentLeads).toHaveLength(5);
      expect(dashboard.recentLeads[0].name).toBe('Lead 0');

      const real = (await w.client.get(`/api/analytics/real-data?timeframe=${timeframe}`)).data;
      expect(real.days).toHaveLength(days);
      expect(real.days.reduce((s: number, d: { messagesIn: number }) => s + d.messagesIn, 0)).toBe(raw.messagesIn);
      expect(real.platforms).toEqual([expect.objectContaining({ platform: 'instagram', messagesIn: raw.messagesIn, conversions: raw.conversions })]);
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
