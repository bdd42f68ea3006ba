import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { newWorkspaceUser } from '../../tests/support/workspace';
import { readFigures } from '../figures/read-figures';
import { readPlatformTotals } from './read-analytics';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ role: 'web' });
});
afterAll(() => t.stop());

it("one workspace's events on separate connections add to separate rollup rows, and every read sums them", async () => {
  const w = await newWorkspaceUser(t.baseUrl);
  const ws = w.user.workspaceId;
  // 8 connections (8 backends), each adding 5 inbound messages to today's Instagram figures.
  const clients = await Promise.all(
    Array.from({ length: 8 }, async () => {
      const c = new pg.Client({ connectionString: t.db.url });
      await c.connect();
      return c;
    }),
  );
  try {
    await Promise.all(
      clients.map(async (c) => {
        for (let i = 0; i < 5; i++) await c.query(`select analytics_add($1, now(), 'instagram', 1, 0, 0, 0, 0, 0, 0, 0, 0, 0)`, [ws]);
      }),
    );
    const pids = new Set(await Promise.all(clients.map(async (c) => (await c.query<{ p: number }>('select pg_backend_pid() % 16 as p')).rows[0]!.p)));
    const rows = await t.app.database.pool.query<{ shard: number; messages_in: number }>(
      `select shard, messages_in from analytics_daily where workspace_id = $1 and platform = 'instagram' order by shard`,
      [ws],
    );
    // One row per distinct shard of the writers, none holding another's count.
    expect(rows.rows.map((r) => r.shard)).toEqual([...pids].sort((a, b) => a - b));
    expect(rows.rows.reduce((n, r) => n + r.messages_in, 0)).toBe(40);
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
  expect((await readFigures(t.app.database.pool, ws, { kind: 'days', days: 7 })).dmsReceived).toBe(40);
  expect((await readPlatformTotals(t.app.database.pool, ws, 7)).find((p) => p.platform === 'instagram')?.messagesIn).toBe(40);
});
