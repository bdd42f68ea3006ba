import { afterAll, beforeAll, expect, it } from 'vitest';
import { ingestEvents } from '../../db/inbound/ingest-events';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

it('stores malformed events with their error, never crashes the worker, never blocks the next event', async () => {
  const w = await newWorkspaceUser(t.baseUrl);
  const { pool } = t.app.database;
  const good = {
    type: 'message',
    accountId: w.messenger.id,
    messageId: 'good-1',
    from: { id: maya.externalUserId, name: maya.name, username: maya.username },
    text: 'still works',
    createdAt: new Date().toISOString(),
  };
  const result = await ingestEvents(pool, [
    { provider: 'sandbox', eventKey: 'bad-1', workspaceId: w.user.workspaceId, payload: { type: 'message', text: 42 } },
    { provider: 'sandbox', eventKey: 'bad-2', workspaceId: w.user.workspaceId, payload: 'not even an object' },
    {
      provider: 'sandbox',
      eventKey: 'bad-3',
      workspaceId: w.user.workspaceId,
      payload: { ...good, messageId: 'x', accountId: '00000000-0000-4000-8000-000000000000' },
    },
    { provider: 'sandbox', eventKey: 'good-1', workspaceId: w.user.workspaceId, payload: good },
  ]);
  expect(result.accepted).toBe(4);

  await expect
    .poll(
      async () =>
        (await pool.query("select count(*)::int as n from inbound_events where processed_at is not null and event_key in ('bad-1','bad-2','bad-3','good-1')"))
          .rows[0].n,
      {
        timeout: 10_000,
      },
    )
    .toBe(4);
  const { rows } = await pool.query("select event_key, error from inbound_events where event_key like 'bad-%' order by event_key");
  expect(rows[0].error).toMatch(/accountId/);
  expect(rows[1].error).toMatch(/payload/);
  expect(rows[2].error).toMatch(/Unknown or inactive account/);
  expect((await pool.query("select error from inbound_events where event_key = 'good-1'")).rows[0].error).toBeNull();
  expect((await w.client.get('/api/conversations')).data.conversations[0].lastMessage).toBe('still works');
  // Malformed events are not retried forever: no job left behind (once a shard's job done with its
  // events has stopped listening for more, ADR 0032).
  await expect
    .poll(async () => (await pool.query("select count(*)::int as n from graphile_worker.jobs where task_identifier = 'inbound.process'")).rows[0].n, {
      timeout: 5_000,
    })
    .toBe(0);
});

it('a sandbox event naming another workspace cannot write into the account owner', async () => {
  const a = await newWorkspaceUser(t.baseUrl, 'A');
  const b = await newWorkspaceUser(t.baseUrl, 'B');
  const { pool } = t.app.database;
  await ingestEvents(pool, [
    {
      provider: 'sandbox',
      eventKey: 'cross-1',
      workspaceId: b.user.workspaceId,
      payload: {
        type: 'message',
        accountId: a.messenger.id,
        messageId: 'cross-1',
        from: { id: 'x', name: 'X' },
        text: 'sneaky',
        createdAt: new Date().toISOString(),
      },
    },
  ]);
  await expect
    .poll(async () => (await pool.query("select error from inbound_events where event_key = 'cross-1'")).rows[0].error, { timeout: 10_000 })
    .toMatch(/does not own/);
  expect((await a.client.get('/api/conversations')).data.conversations).toEqual([]);
});
