import { describe, expect, it } from 'vitest';
import { igCommentsWebhook, messagingWebhook } from '../../../tests/fakes/meta-webhook-payloads';
import { HttpClient } from '../../../tests/support/http-client';
import { edge, keywordTrigger, node, publishFlow, runsOf } from '../../../tests/support/flows';
import { useMetaApp } from '../../../tests/support/meta-app';
import { jobKey } from '../../../contracts/jobs';
import { inviteNewMember } from '../../../tests/support/team';
import { newWorkspaceUser } from '../../../tests/support/workspace';

const OPERATOR = 'ops@operator.example';
const meta = useMetaApp({ ADMIN_EMAILS: ` Someone@else.example, ${OPERATOR.toUpperCase()} `, TIMER_PUMP_INTERVAL_MS: '50' });

/** The operator, signed in (registered by the first test that needs them). */
async function operatorClient(): Promise<HttpClient> {
  const client = new HttpClient(meta.t.baseUrl);
  if ((await client.post('/api/auth/login', { email: OPERATOR, password: 'secret12' })).status === 200) return client;
  const reg = await client.post('/api/auth/register', { firstName: 'Olga', lastName: 'Operator', email: OPERATOR, password: 'secret12' });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.text}`);
  return client;
}

const adminCalls = (id: string) =>
  [
    ['GET', '/api/admin/workspaces'],
    ['GET', '/api/admin/instance'],
    ['POST', `/api/admin/workspaces/${id}/suspend`],
    ['POST', `/api/admin/workspaces/${id}/resume`],
    ['PATCH', `/api/admin/workspaces/${id}`],
    ['DELETE', `/api/admin/workspaces/${id}`],
  ] as const;

/** The admin console's API (contracts/admin.ts, ADR 0042) through the real app, worker and the Meta Graph fake. */
describe('admin console', () => {
  it('answers 404, like an unknown path, to everyone not in ADMIN_EMAILS: signed out, a member, a workspace owner', async () => {
    const owner = await newWorkspaceUser(meta.t.baseUrl, 'Owner');
    const member = await inviteNewMember(meta.t.baseUrl, owner.client, 'admin');
    const signedOut = new HttpClient(meta.t.baseUrl);
    const wrong: string[] = [];
    for (const [who, client] of [
      ['signed out', signedOut],
      ['member', member.client],
      ['owner', owner.client],
    ] as const) {
      for (const [method, url] of adminCalls(owner.user.workspaceId)) {
        const res = await client.request(method, url, method === 'GET' ? {} : { json: { reason: 'because', confirmName: 'x', plan: 'pro' } });
        if (res.status !== 404 || res.data.error !== `No route for ${method} ${url}`) wrong.push(`${who} ${method} ${url}: ${res.status} ${res.text}`);
      }
    }
    expect(wrong).toEqual([]);
    // Nothing happened to the workspace they tried.
    expect((await meta.pool.query('select suspended_at from workspaces where id = $1', [owner.user.workspaceId])).rows[0].suspended_at).toBeNull();
  });

  it('suspend: rule replies and flows stop, queued sends are cancelled, events are kept, members see why; resume continues the sleeping run', async () => {
    const ops = await operatorClient();
    const { w, page, igAccountId } = await meta.connectedWorkspace('admin');
    const ig = page.instagram!;
    const count = async (sql: string, params: unknown[]) => (await meta.pool.query<{ n: number }>(sql, params)).rows[0]!.n;
    const activity = (action: string) =>
      count('select count(*)::int as n from automation_activity where workspace_id = $1 and action = $2', [w.user.workspaceId, action]);
    const unprocessed = () => count('select count(*)::int as n from inbound_events where workspace_id = $1 and processed_at is null', [w.user.workspaceId]);
    let mid = 0;
    const dm = (fan: string, text: string) =>
      meta.fake.deliverWebhook(
        meta.hook,
        messagingWebhook('instagram', ig.id, [{ sender: fan, recipient: ig.id, message: { mid: `mid-admin-${++mid}`, text } }]),
      );
    const comment = (fan: string, id: string, text: string) =>
      meta.fake.deliverWebhook(meta.hook, igCommentsWebhook(ig.id, [{ id, text, from: { id: fan, username: fan }, mediaId: 'media-admin' }]));
    const privateReplies = (commentId: string) => meta.fake.sends.filter((s) => s.kind === 'private_reply' && s.recipient === commentId);
    const sentTo = (fan: string) => meta.fake.sends.filter((s) => s.recipient === fan).map((s) => s.text);

    expect((await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['price'], responseTemplate: 'Prices are in your DMs' })).status).toBe(
      201,
    );
    const guide = await publishFlow(
      w.client,
      { nodes: [keywordTrigger(['guide']), node('2', 'instagramDM', { text: 'Here is the guide' })], edges: [edge('1', '2')] },
      'Guide',
      'instagram',
    );
    const tips = await publishFlow(
      w.client,
      {
        nodes: [keywordTrigger(['tips']), node('2', 'delay', { amount: 1, unit: 'minutes' }), node('3', 'instagramDM', { text: 'Tip #1' })],
        edges: [edge('1', '2'), edge('2', '3')],
      },
      'Tips',
      'instagram',
    );

    // The list, searched by the owner's email: members, accounts and their health, running.
    const owner = (await w.client.get('/api/auth/user')).data as { email: string };
    const listed = (await ops.get(`/api/admin/workspaces?q=${encodeURIComponent(owner.email)}`)).data;
    expect(listed.total).toBe(1);
    expect(listed.items[0]).toMatchObject({ id: w.user.workspaceId, ownerEmail: owner.email, members: 1, suspended: null });
    expect(listed.items[0].accounts).toEqual(expect.arrayContaining([expect.objectContaining({ id: igAccountId, platform: 'instagram', status: 'active' })]));
    expect((await ops.get('/api/admin/workspaces?pageSize=0')).status).toBe(400);

    // A flow DM paced an hour out (the account's DM clock ahead): queued when the suspension comes.
    await meta.pool.query(
      `insert into send_rate_limits (account_id, kind, tat) values ($1, 'dm', now() + interval '1 hour')
       on conflict (account_id, kind) do update set tat = excluded.tat`,
      [igAccountId],
    );
    await dm('fan-queued', 'guide');
    const ledger = async (fan: string) =>
      (
        await meta.pool.query<{ status: string; failure_reason: string | null }>(
          'select status, failure_reason from outbound_ledger where account_id = $1 and target = $2',
          [igAccountId, fan],
        )
      ).rows;
    await expect.poll(() => ledger('fan-queued'), { timeout: 15_000 }).toEqual([{ status: 'queued', failure_reason: null }]);
    await meta.pool.query('delete from send_rate_limits where account_id = $1', [igAccountId]);

    // A run asleep in its one-minute delay.
    await dm('fan-tips', 'tips');
    await expect.poll(async () => (await runsOf(w.client, tips))[0]?.status, { timeout: 15_000 }).toBe('sleeping');

    // A broadcast scheduled for later (its time comes while suspended, below).
    const segment = { tags: [], fields: [], platform: null, leadStatus: null, lastInboundWithinHours: null };
    const sale = (await w.client.post('/api/broadcasts', { name: 'Sale', text: 'Spring sale starts now', segment })).data;
    expect((await w.client.post(`/api/broadcasts/${sale.id}/start`, { runAt: new Date(Date.now() + 3600_000).toISOString() })).status).toBe(200);

    // Bad input, unknown ids.
    expect((await ops.post(`/api/admin/workspaces/${w.user.workspaceId}/suspend`, { reason: '' })).status).toBe(400);
    expect((await ops.post('/api/admin/workspaces/00000000-0000-4000-8000-000000000000/suspend', { reason: 'Unpaid invoice' })).status).toBe(404);
    expect((await ops.post('/api/admin/workspaces/not-a-uuid/resume', {})).status).toBe(404);

    const suspended = await ops.post(`/api/admin/workspaces/${w.user.workspaceId}/suspend`, { reason: 'Unpaid invoice' });
    expect(suspended.status).toBe(200);
    expect(suspended.data).toEqual({ suspended: true, cancelledSends: 1 });
    expect(await ledger('fan-queued')).toEqual([{ status: 'failed', failure_reason: 'suspended' }]);
    expect((await ops.post(`/api/admin/workspaces/${w.user.workspaceId}/suspend`, { reason: 'again' })).status).toBe(409);

    // Members see why; automation changes are refused with it; reads still work.
    expect((await w.client.get('/api/workspace/suspension')).data).toEqual({ suspended: { at: expect.any(String), reason: 'Unpaid invoice' } });
    const refused = await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['hello'], responseTemplate: 'Hi' });
    expect(refused.status).toBe(409);
    expect(refused.data.error).toMatch(/suspended by the instance operator \(Unpaid invoice\)/);
    expect((await w.client.post('/api/automation/start', {})).status).toBe(409);
    expect((await w.client.get('/api/comment-rules')).status).toBe(200);
    const failed = (await w.client.get('/api/failed-sends?reason=suspended')).data.items as { reasonLabel: string }[];
    expect(failed).toEqual([expect.objectContaining({ reasonLabel: 'Workspace suspended by the instance operator' })]);

    // While suspended: a keyword comment and a keyword DM are stored, nothing answers them.
    await comment('fan-comment', 'c-admin-1', 'price please');
    await dm('fan-dm', 'guide');
    await expect.poll(unprocessed, { timeout: 15_000 }).toBe(0);
    expect(await activity('comment_workspace_suspended')).toBe(1);
    expect(await activity('dm_workspace_suspended')).toBe(1);
    expect(await count('select count(*)::int as n from comments where workspace_id = $1 and platform_comment_id = $2', [w.user.workspaceId, 'c-admin-1'])).toBe(
      1,
    );
    expect(privateReplies('c-admin-1')).toHaveLength(0);
    expect((await runsOf(w.client, guide)).length).toBe(1); // fan-queued's run only
    // The sleeping run's delay comes due: it sleeps on (its timer stays for the resume).
    await meta.pool.query(
      `update run_timers set due_at = now() - interval '1 second' where run_id in (select id from flow_runs where flow_id = $1 and status = 'sleeping')`,
      [tips],
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect((await runsOf(w.client, tips))[0]?.status).toBe('sleeping');
    const tipsRun = (await runsOf(w.client, tips))[0]!.id;
    expect(await count('select count(*)::int as n from run_timers where run_id = $1 and due_at < now()', [tipsRun])).toBe(1);
    // The broadcast's time comes: its dispatcher queues nothing and looks again later.
    await meta.pool.query(`update broadcasts set run_at = now() where id = $1`, [sale.id]);
    await meta.pool.query(`select graphile_worker.add_job('broadcast.dispatch', json_build_object('broadcastId', $1::text), job_key => $2)`, [
      sale.id,
      jobKey('broadcast.dispatch', sale.id),
    ]);
    await expect
      .poll(
        async () =>
          count(`select count(*)::int as n from graphile_worker.jobs where key = $1 and run_at > now() + interval '30 seconds'`, [
            jobKey('broadcast.dispatch', sale.id),
          ]),
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    expect(await count('select count(*)::int as n from broadcast_recipients where broadcast_id = $1', [sale.id])).toBe(0);
    expect(sentTo('fan-tips')).toEqual([]);
    expect(sentTo('fan-queued')).toEqual([]);

    // Resume: the sleeping run continues, rules answer again.
    expect((await ops.post(`/api/admin/workspaces/${w.user.workspaceId}/resume`, {})).data).toEqual({ suspended: false });
    expect((await ops.post(`/api/admin/workspaces/${w.user.workspaceId}/resume`, {})).status).toBe(409);
    await expect.poll(() => sentTo('fan-tips').sort(), { timeout: 15_000 }).toEqual(['Spring sale starts now', 'Tip #1']);
    await comment('fan-comment', 'c-admin-2', 'price?');
    await expect.poll(() => privateReplies('c-admin-2').length, { timeout: 15_000 }).toBe(1);
    expect((await w.client.get('/api/workspace/suspension')).data).toEqual({ suspended: null });

    // Both in the workspace's own audit log, the operator as actor.
    const audit = (await w.client.get('/api/audit-log')).data.entries as { action: string; actorLabel: string; details: Record<string, unknown> }[];
    const ours = audit.filter((e) => e.action.startsWith('workspace.'));
    expect(ours.map((e) => e.action)).toEqual(['workspace.resumed', 'workspace.suspended']);
    for (const e of ours) expect(e.actorLabel).toBe(`Olga Operator <${OPERATOR}>`);
    expect(ours[1]!.details).toEqual({ reason: 'Unpaid invoice', cancelledSends: 1 });
  });

  it('plan: the operator sets it (the only way to a paid plan without billing); every reader sees it; the audit log says who', async () => {
    const ops = await operatorClient();
    const owner = await newWorkspaceUser(meta.t.baseUrl, 'Planned');
    const id = owner.user.workspaceId;
    expect((await ops.request('PATCH', `/api/admin/workspaces/${id}`, { json: { plan: 'platinum' } })).status).toBe(400);
    expect((await ops.request('PATCH', '/api/admin/workspaces/00000000-0000-4000-8000-000000000000', { json: { plan: 'pro' } })).status).toBe(404);
    const res = await ops.request('PATCH', `/api/admin/workspaces/${id}`, { json: { plan: 'pro' } });
    expect(res.status, res.text).toBe(200);
    expect(res.data).toEqual({ plan: 'pro', previous: 'free' });
    const { email } = (await meta.pool.query('select email from users where id = $1', [owner.user.id])).rows[0] as { email: string };
    const listed = (await ops.get(`/api/admin/workspaces?q=${encodeURIComponent(email)}`)).data.items as { id: string; plan: unknown }[];
    expect(listed.find((w) => w.id === id)?.plan).toEqual({ id: 'pro', source: 'admin', trialEndsAt: null });
    expect((await owner.client.get('/api/billing')).data).toMatchObject({ plan: 'pro', source: 'admin' });
    const audit = (await owner.client.get('/api/audit-log')).data.entries as { action: string; actorLabel: string }[];
    expect(audit.filter((e) => e.action === 'plan.changed').map((e) => e.actorLabel)).toEqual([`Olga Operator <${OPERATOR}>`]);
  });

  it('instance figures are the rows this test made', async () => {
    const ops = await operatorClient();
    await meta.pool.query(
      `select graphile_worker.add_job('admin.test-task', '{}'::json, run_at => now() - interval '2 hours'),
              graphile_worker.add_job('admin.test-task', '{}'::json, run_at => now() - interval '1 hour'),
              graphile_worker.add_job('admin.test-task', '{}'::json, run_at => now() + interval '1 hour')`,
    );
    const res = await ops.get('/api/admin/instance');
    expect(res.status).toBe(200);
    const figures = res.data;
    const task = figures.jobs.find((j: { task: string }) => j.task === 'admin.test-task');
    expect(task).toMatchObject({ queued: 2, scheduled: 1, running: 0, failed: 0 });
    expect(task.oldestDueSeconds).toBeGreaterThanOrEqual(7200);
    expect(figures.oldestDueJob.task).toBe('admin.test-task');
    expect(figures.oldestDueJob.dueSeconds).toBeGreaterThanOrEqual(7200);
    const db = async (sql: string) => (await meta.pool.query<{ n: number }>(sql)).rows[0]!.n;
    expect(figures.workersAlive).toBe(await db(`select count(*)::int as n from worker_heartbeats where last_seen > now() - interval '60 seconds'`));
    expect(figures.workersAlive).toBeGreaterThan(0);
    // Every event of this database was stored by this file's tests, minutes ago at most.
    expect(figures.webhooksPerMinute).toHaveLength(15);
    expect(figures.webhooksPerMinute.reduce((s: number, m: { count: number }) => s + m.count, 0)).toBe(
      await db('select count(*)::int as n from inbound_events'),
    );
    expect(await db('select count(*)::int as n from inbound_events')).toBeGreaterThanOrEqual(4);
    const outcome = (o: string) => figures.sendsByOutcome.find((x: { outcome: string }) => x.outcome === o)?.count ?? 0;
    expect(outcome('sent')).toBe(await db(`select count(*)::int as n from outbound_ledger where status = 'sent'`));
    expect(outcome('sent')).toBeGreaterThanOrEqual(2);
    expect(outcome('failed: suspended')).toBe(1);
    expect(figures.databaseBytes).toBeGreaterThan(1_000_000);
    expect(figures.suspendedWorkspaces).toBe(0);
  });

  it('delete: the typed name confirms it; members with another workspace keep their accounts, the rest go with it', async () => {
    const ops = await operatorClient();
    const owner = await newWorkspaceUser(meta.t.baseUrl, 'Doomed');
    const member = await inviteNewMember(meta.t.baseUrl, owner.client, 'editor');
    // The member's default becomes the doomed workspace (the one they joined last).
    const id = owner.user.workspaceId;
    const name = (await ops.get(`/api/admin/workspaces?q=${encodeURIComponent(member.email)}`)).data.items.find((x: { id: string }) => x.id === id).name;
    const bad = await ops.request('DELETE', `/api/admin/workspaces/${id}`, { json: { confirmName: 'not it' } });
    expect(bad.status).toBe(400);
    expect((await ops.request('DELETE', `/api/admin/workspaces/${id}`, { json: {} })).status).toBe(400);
    const gone = await ops.request('DELETE', `/api/admin/workspaces/${id}`, { json: { confirmName: name } });
    expect(gone.status).toBe(200);
    expect(gone.data).toEqual({ deleted: true, usersDeleted: 1 });
    expect(await meta.pool.query('select 1 from workspaces where id = $1', [id]).then((r) => r.rowCount)).toBe(0);
    expect((await owner.client.get('/api/auth/user')).status).toBe(401);
    const still = await meta.pool.query<{ workspace_id: string }>('select workspace_id from users where email = $1', [member.email]);
    expect(still.rows).toHaveLength(1);
    expect(still.rows[0]!.workspace_id).not.toBe(id);
    expect((await ops.request('DELETE', `/api/admin/workspaces/${id}`, { json: { confirmName: name } })).status).toBe(404);
  });
});
