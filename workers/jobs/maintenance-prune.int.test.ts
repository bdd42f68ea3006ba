import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { newWorkspaceUser } from '../../tests/support/workspace';
import { pruneExpiredDemos, pruneInboundEvents } from './maintenance-prune.job';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

const q = <R extends object = Record<string, unknown>>(sql: string, params: unknown[] = []) => t.app.database.pool.query<R>(sql, params);

describe('expired demo workspaces are deleted with all their data (review F6)', () => {
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

describe('inbound events are pruned after the retention window (review F16)', () => {
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
