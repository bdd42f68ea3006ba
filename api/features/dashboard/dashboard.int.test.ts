import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import type { DashboardToday } from '../../../contracts/dashboard';
import { HttpClient } from '../../../tests/support/http-client';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

type Owner = Awaited<ReturnType<typeof newWorkspaceUser>>;

/** Raw rows for one workspace: what the dashboard must count, plus rows it must not. */
async function seed(owner: Owner, tag: string) {
  const { pool } = t.app.database;
  const ws = owner.user.workspaceId;
  const page = (
    await pool.query<{ id: string }>(
      `insert into social_accounts (workspace_id, platform, provider, external_id, username, display_name) values ($1, 'facebook', 'meta', $2, $2, 'Page') returning id`,
      [ws, `dash-page-${tag}`],
    )
  ).rows[0]!.id;
  let n = 0;
  const ledger = (accountId: string, kind: string, target: string, status: string, sentAt: string | null, scheduledFor = 'now()') =>
    pool.query(
      `insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text, status, sent_at, scheduled_for)
       values ($1, $2, $3, $4, $5, 'hi', $6, ${sentAt ?? 'null'}, ${scheduledFor})`,
      [ws, accountId, `dash-${tag}-${++n}`, kind, target, status],
    );
  // DMs: 2 sent today on the page, 1 today in the simulator, 1 yesterday, 1 failed.
  await ledger(page, 'dm', 'u1', 'sent', 'now()');
  await ledger(page, 'dm', 'u2', 'sent', 'now()');
  await ledger(owner.instagram.id, 'dm', 'u3', 'sent', 'now()');
  await ledger(page, 'dm', 'u4', 'sent', "now() - interval '2 days'");
  await ledger(page, 'dm', 'u5', 'failed', null);
  // Comments: c1 got a private and a public reply (one comment answered), c2 a private reply, c3 two days ago.
  const author = (
    await pool.query<{ id: string }>(`insert into contacts (workspace_id, account_id, external_user_id) values ($1, $2, $3) returning id`, [
      ws,
      page,
      `dash-author-${tag}`,
    ])
  ).rows[0]!.id;
  for (const c of ['c1', 'c2', 'c3']) {
    await pool.query(
      `insert into comments (workspace_id, account_id, contact_id, platform_comment_id, post_id, text, author_external_id, commented_at)
       values ($1, $2, $3, $4, 'p', 'price?', 'a', now() - interval '3 days')`,
      [ws, page, author, c],
    );
  }
  await ledger(page, 'private_reply', 'c1', 'sent', 'now()');
  await ledger(page, 'public_reply', 'c1', 'sent', 'now()');
  await ledger(page, 'private_reply', 'c2', 'sent', 'now()');
  await ledger(page, 'private_reply', 'c3', 'sent', "now() - interval '2 days'");
  // Queue: 3 waiting in the send buckets, the last due in 2 hours; one 'sending' row is not queued.
  await ledger(page, 'dm', 'q1', 'queued', null, "now() + interval '10 minutes'");
  await ledger(page, 'private_reply', 'q2', 'queued', null, "now() + interval '1 hour'");
  await ledger(owner.instagram.id, 'dm', 'q3', 'queued', null, "'2100-01-01T02:00:00Z'");
  await ledger(page, 'dm', 'q4', 'sending', null);

  // Flows: one active with a published version, one draft, one active without a version (never published).
  const flow = async (active: boolean, publish: boolean) => {
    const id = (await pool.query<{ id: string }>(`insert into flows (workspace_id, graph, is_active) values ($1, '{}', $2) returning id`, [ws, active]))
      .rows[0]!.id;
    if (!publish) return { id, versionId: null };
    const versionId = (
      await pool.query<{ id: string }>(`insert into flow_versions (workspace_id, flow_id, version, graph, plan) values ($1, $2, 1, '{}', '{}') returning id`, [
        ws,
        id,
      ])
    ).rows[0]!.id;
    await pool.query('update flows set active_version_id = $2 where id = $1', [id, versionId]);
    return { id, versionId };
  };
  const live = await flow(true, true);
  await flow(false, true);
  await flow(true, false);
  // Runs: 2 failed today, 1 failed two days ago, 1 completed today.
  const contact = (
    await pool.query<{ id: string }>(`insert into contacts (workspace_id, account_id, external_user_id) values ($1, $2, $3) returning id`, [
      ws,
      page,
      `dash-contact-${tag}`,
    ])
  ).rows[0]!.id;
  const run = (status: string, finishedAt: string) =>
    pool.query(
      `insert into flow_runs (workspace_id, flow_id, version_id, account_id, contact_id, status, state, trigger, finished_at)
       values ($1, $2, $3, $4, $5, $6, '{}', '{}', ${finishedAt})`,
      [ws, live.id, live.versionId, page, contact, status],
    );
  await run('failed', 'now()');
  await run('failed', 'now()');
  await run('failed', "now() - interval '2 days'");
  await run('completed', 'now()');
  // Rules: 2 active, 1 paused.
  const rule = (active: boolean) =>
    pool.query(`insert into comment_rules (workspace_id, platform, keywords, response_template, is_active) values ($1, 'instagram', '{price}', 'Hi!', $2)`, [
      ws,
      active,
    ]);
  await rule(true);
  await rule(true);
  await rule(false);
}

it('GET /api/dashboard/today counts the workspace’s own replies, answers, failed runs, active flows and rules, accounts and queue', async () => {
  const owner = await newWorkspaceUser(t.baseUrl);
  const other = await newWorkspaceUser(t.baseUrl, 'Other');
  await seed(owner, 'a');
  await seed(other, 'b'); // another tenant's rows must not leak in

  const res = await owner.client.get('/api/dashboard/today');
  expect(res.status).toBe(200);
  const { figures, state } = res.data as DashboardToday;
  expect(figures).toMatchObject({
    period: { from: figures.period.to, timeZone: 'UTC' },
    // c1's private and public reply and c2's private reply; the DMs here come from no rule or flow.
    automatedReplies: 3,
    commentsAnswered: 2,
    // Today's DMs (2 on the page, 1 in the simulator) and the 2 private replies.
    dmsSent: 5,
    failedRuns: 2,
    simulated: { automatedReplies: 0, commentsAnswered: 0, dmsSent: 1, dmsReceived: 0 },
  });
  expect(state).toEqual({
    activeFlows: 1,
    activeRules: 2,
    // The page and the two sandbox accounts: the simulator's accounts are accounts.
    connectedAccounts: { total: 3, simulator: 2 },
    queuedSends: { count: 3, eta: '2100-01-01T02:00:00.000Z' },
  });
});

it('"today" is the workspace’s day, in the zone set in Settings; an unknown zone is refused', async () => {
  const owner = await newWorkspaceUser(t.baseUrl);
  expect((await owner.client.get('/api/settings/time-zone')).data).toEqual({ timeZone: 'UTC' });
  expect((await owner.client.put('/api/settings/time-zone', { timeZone: 'Asia/Tokyo' })).data).toEqual({ timeZone: 'Asia/Tokyo' });
  const tokyo = (await owner.client.get('/api/dashboard/today')).data as DashboardToday;
  const tokyoDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  expect(tokyo.figures.period).toEqual({ from: tokyoDay, to: tokyoDay, timeZone: 'Asia/Tokyo' });
  for (const timeZone of ['Mars/Olympus', '+03:00', '', 'x'.repeat(65)]) {
    const bad = await owner.client.put('/api/settings/time-zone', { timeZone });
    expect(bad.status).toBe(400);
    expect(bad.data.error).toBeTruthy();
  }
  expect((await owner.client.get('/api/settings/time-zone')).data).toEqual({ timeZone: 'Asia/Tokyo' });
});

it('a new workspace takes the zone its browser sent at registration', async () => {
  const client = new HttpClient(t.baseUrl);
  const email = `zone-${Date.now()}@example.com`;
  const res = await client.post('/api/auth/register', { firstName: 'Zed', lastName: 'Zone', email, password: 'secret12', timeZone: 'America/Los_Angeles' });
  expect(res.status).toBe(201);
  expect((await client.get('/api/settings/time-zone')).data).toEqual({ timeZone: 'America/Los_Angeles' });
});

it('requires a session', async () => {
  for (const path of ['/api/dashboard/today', '/api/settings/time-zone']) {
    const res = await fetch(`${t.baseUrl}${path}`);
    expect(res.status).toBe(401);
  }
});
