import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

type Owner = Awaited<ReturnType<typeof newWorkspaceUser>>;

async function seed(owner: Owner) {
  const { pool } = t.app.database;
  const ws = owner.user.workspaceId;
  const flow = async (name: string, active: boolean, publish: boolean) => {
    const id = (
      await pool.query<{ id: string }>(`insert into flows (workspace_id, name, graph, is_active) values ($1, $2, '{}', $3) returning id`, [ws, name, active])
    ).rows[0]!.id;
    if (!publish) return { id, versionId: '' };
    const versionId = (
      await pool.query<{ id: string }>(`insert into flow_versions (workspace_id, flow_id, version, graph, plan) values ($1, $2, 1, '{}', '{}') returning id`, [
        ws,
        id,
      ])
    ).rows[0]!.id;
    await pool.query('update flows set active_version_id = $2 where id = $1', [id, versionId]);
    return { id, versionId };
  };
  const live = await flow('Welcome DM', true, true);
  await flow('Paused giveaway', false, true);
  await flow('Draft never published', false, false);
  let c = 0;
  const run = async (status: string) => {
    const contact = (
      await pool.query<{ id: string }>(`insert into contacts (workspace_id, account_id, external_user_id) values ($1, $2, $3) returning id`, [
        ws,
        owner.instagram.id,
        `auto-${ws}-${++c}`,
      ])
    ).rows[0]!.id;
    await pool.query(
      `insert into flow_runs (workspace_id, flow_id, version_id, account_id, contact_id, status, state, trigger) values ($1, $2, $3, $4, $5, $6, '{}', '{}')`,
      [ws, live.id, live.versionId, owner.instagram.id, contact, status],
    );
  };
  for (const s of ['completed', 'completed', 'failed', 'waiting', 'sleeping']) await run(s);
  const rule = (kw: string, active: boolean) =>
    pool.query(`insert into comment_rules (workspace_id, platform, keywords, response_template, is_active) values ($1, 'instagram', $2, 'Hi!', $3)`, [
      ws,
      [kw],
      active,
    ]);
  await rule('price', true);
  await rule('link', false);
  let n = 0;
  const send = (status: string, scheduledFor: string) =>
    pool.query(
      `insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text, status, scheduled_for) values ($1, $2, $3, 'dm', 't', 'hi', $4, ${scheduledFor})`,
      [ws, owner.instagram.id, `auto-${ws}-${++n}`, status],
    );
  await send('queued', "now() - interval '1 second'"); // due: ready
  await send('queued', "now() + interval '1 hour'");
  await send('queued', "'2100-01-01T00:00:00Z'");
  await send('sending', 'now()');
  await send('sent', 'now()');
}

it('GET /api/automation/overview lists published flows with run counts, rules, the send queue and what is paused', async () => {
  const owner = await newWorkspaceUser(t.baseUrl);
  await seed(owner);
  await seed(await newWorkspaceUser(t.baseUrl, 'Other')); // another tenant: not counted

  const res = await owner.client.get('/api/automation/overview');
  expect(res.status).toBe(200);
  expect(res.data.flows).toEqual([
    { id: expect.any(String), name: 'Welcome DM', platform: 'multi', isActive: true, runs: { total: 5, live: 2, failed: 1 } },
    { id: expect.any(String), name: 'Paused giveaway', platform: 'multi', isActive: false, runs: { total: 0, live: 0, failed: 0 } },
  ]);
  expect(res.data.rules.map((r: { keywords: string[]; isActive: boolean }) => [r.keywords[0], r.isActive])).toEqual([
    ['price', true],
    ['link', false],
  ]);
  expect(res.data.queue).toEqual({ queued: 2, ready: 1, sending: 1, eta: '2100-01-01T00:00:00.000Z', waitingRuns: 1, sleepingRuns: 1 });
  expect(res.data.paused).toEqual({ flows: 1, rules: 1 });
});

it('POST /api/automation/start resumes paused published flows and rules (not drafts, not other tenants) and records it', async () => {
  const owner = await newWorkspaceUser(t.baseUrl);
  const other = await newWorkspaceUser(t.baseUrl, 'Other');
  await seed(owner);
  await seed(other);

  const start = await owner.client.post('/api/automation/start', {});
  expect(start.status).toBe(200);
  expect(start.data).toEqual({ resumed: { flows: 1, rules: 1 } });

  const after = await owner.client.get('/api/automation/overview');
  expect(after.data.paused).toEqual({ flows: 0, rules: 0 });
  const { rows } = await t.app.database.pool.query<{ is_active: boolean }>(
    `select is_active from flows where workspace_id = $1 and name = 'Draft never published'`,
    [owner.user.workspaceId],
  );
  expect(rows[0]!.is_active).toBe(false);
  expect((await other.client.get('/api/automation/overview')).data.paused).toEqual({ flows: 1, rules: 1 });
  const activity = await owner.client.get('/api/automation/activity');
  expect(activity.data.activities[0]).toMatchObject({ action: 'automation_started' });

  const again = await owner.client.post('/api/automation/start', {});
  expect(again.data).toEqual({ resumed: { flows: 0, rules: 0 } });
});
