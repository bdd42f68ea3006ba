import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { newWorkspaceUser } from '../../tests/support/workspace';
import { collectJobQueueGarbage } from './maintenance-prune.job';
import { pruneExpiredDemos, pruneInboundEvents } from '../../db/ops/prune';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

const q = <R extends object = Record<string, unknown>>(sql: string, params: unknown[] = []) => t.app.database.pool.query<R>(sql, params);

describe('expired demo workspaces are deleted with all their data', () => {
  it('deletes a demo workspace past its TTL, keeps younger demos and every real workspace', async () => {
    const old = new HttpClient(t.baseUrl);
    const oldDemo = (await old.post('/api/auth/test-login', {})).data.user as { workspaceId: string };
    const fresh = new HttpClient(t.baseUrl);
    const freshDemo = (await fresh.post('/api/auth/test-login', {})).data.user as { workspaceId: string };
    const real = await newWorkspaceUser(t.baseUrl);
    await q(`update workspaces set created_at = now() - interval '25 hours' where id = any($1)`, [[oldDemo.workspaceId, real.user.workspaceId]]);
    expect((await q('select count(*)::int as n from conversations where workspace_id = $1', [oldDemo.workspaceId])).rows[0]).toEqual({ n: 5 });

    expect(await pruneExpiredDemos(t.app.database.pool, 24)).toBe(1);

    const left = (
      await q<{ id: string }>('select id from workspaces where id = any($1)', [[oldDemo.workspaceId, freshDemo.workspaceId, real.user.workspaceId]])
    ).rows.map((r) => r.id);
    expect(left.sort()).toEqual([freshDemo.workspaceId, real.user.workspaceId].sort());
    expect((await q('select count(*)::int as n from conversations where workspace_id = $1', [oldDemo.workspaceId])).rows[0]).toEqual({ n: 0 });
    // The expired visitor's session no longer signs anyone in; the others still do.
    expect((await old.get('/api/auth/user')).status).toBe(401);
    expect((await fresh.get('/api/auth/user')).status).toBe(200);
    expect((await real.client.get('/api/auth/user')).status).toBe(200);
  });
});

describe('inbound events are pruned after the retention window', () => {
  it('deletes old processed events only; unprocessed and recent ones stay', async () => {
    const insert = (key: string, ageDays: number, processed: boolean) =>
      q(
        `insert into inbound_events (provider, event_key, payload, received_at, processed_at)
         values ('sandbox', $1, '{}'::jsonb, now() - make_interval(days => $2), case when $3 then now() - make_interval(days => $2) end)`,
        [key, ageDays, processed],
      );
    await insert('prune-old-done', 40, true);
    await insert('prune-old-pending', 40, false);
    await insert('prune-new-done', 1, true);
    expect(await pruneInboundEvents(t.app.database.pool, 30)).toBeGreaterThanOrEqual(1);
    const keys = (await q<{ event_key: string }>(`select event_key from inbound_events where event_key like 'prune-%' order by event_key`)).rows.map(
      (r) => r.event_key,
    );
    expect(keys).toEqual(['prune-new-done', 'prune-old-pending']);
  });
});

describe("Graphile's unused queues and task identifiers are collected", () => {
  it('deletes a named queue no job uses and an unknown task identifier; keeps queues in use and every task of ours', async () => {
    const { pool } = t.app.database;
    // A job in a named queue that has finished (deleted) leaves its queue row behind; one still waiting keeps it.
    await q(`select graphile_worker.add_job('gc-test-task', '{}'::json, queue_name => 'webhook:gc-finished', run_at => now() + interval '1 day')`);
    await q(`select graphile_worker.add_job('account.health', '{}'::json, queue_name => 'webhook:gc-waiting', run_at => now() + interval '1 day')`);
    await q(`delete from graphile_worker._private_jobs where task_id = (select id from graphile_worker._private_tasks where identifier = 'gc-test-task')`);
    const queues = async () =>
      (await q<{ queue_name: string }>(`select queue_name from graphile_worker._private_job_queues where queue_name like 'webhook:gc-%' order by 1`)).rows.map(
        (r) => r.queue_name,
      );
    const tasks = async () => (await q<{ identifier: string }>('select identifier from graphile_worker._private_tasks')).rows.map((r) => r.identifier);
    expect(await queues()).toEqual(['webhook:gc-finished', 'webhook:gc-waiting']);
    expect(await tasks()).toContain('gc-test-task');

    await collectJobQueueGarbage(pool);

    expect(await queues()).toEqual(['webhook:gc-waiting']);
    const left = await tasks();
    expect(left).not.toContain('gc-test-task');
    expect(left).toContain('account.health');
    // Leave no waiting job behind for the app's own worker.
    await q(
      `delete from graphile_worker._private_jobs where job_queue_id in (select id from graphile_worker._private_job_queues where queue_name = 'webhook:gc-waiting')`,
    );
  });
});
