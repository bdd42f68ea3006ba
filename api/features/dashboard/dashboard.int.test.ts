import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
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
  // Comments: c1 got a private and a public reply (one comment answered), c2 a private reply, c3 yesterday.
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

it('GET /api/dashboard/today counts the workspace’s own sends, answers, active flows and rules, queue and failed runs', async () => {
  const owner = await newWorkspaceUser(t.baseUrl);
  const other = await newWorkspaceUser(t.baseUrl, 'Other');
  await seed(owner, 'a');
  await seed(other, 'b'); // another tenant's rows must not leak in

  const res = await owner.client.get('/api/dashboard/today?tz=UTC');
  expect(res.status).toBe(200);
  expect(res.data).toEqual({
    since: expect.stringMatching(/T00:00:00\.000Z$/),
    dmsSent: { total: 3, simulated: 1 },
    commentsAnswered: 2,
    activeFlows: 1,
    activeRules: 2,
    queued: { count: 3, eta: '2100-01-01T02:00:00.000Z' },
    runsFailed: 2,
  });
});

it('starts "today" at midnight in the viewer’s zone and rejects an unknown zone', async () => {
  const owner = await newWorkspaceUser(t.baseUrl);
  const tokyo = await owner.client.get('/api/dashboard/today?tz=Asia/Tokyo');
  expect(tokyo.status).toBe(200);
  expect(tokyo.data.since).toMatch(/T15:00:00\.000Z$/); // midnight in Tokyo is 15:00 UTC
  expect(tokyo.data.dmsSent).toEqual({ total: 0, simulated: 0 });
  const bad = await owner.client.get('/api/dashboard/today?tz=Mars/Olympus');
  expect(bad.status).toBe(400);
  expect(bad.data.error).toBeTruthy();
});

it('requires a session', async () => {
  const res = await fetch(`${t.baseUrl}/api/dashboard/today`);
  expect(res.status).toBe(401);
});
