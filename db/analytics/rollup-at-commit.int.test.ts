import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { newWorkspaceUser } from '../../tests/support/workspace';

/**
 * Migration 0024: the rollups of messages, outbound_ledger and flow_runs are added when the event's
 * transaction commits (deferred constraint triggers), not when each row is written, so a flow turn
 * does not hold its rollup row locked while it does the rest of its work. They still count exactly
 * what committed: nothing before commit, everything at commit, nothing for a rollback.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ role: 'web' });
});
afterAll(() => t.stop());

it('a turn-like transaction locks no rollup row until it commits, then counts every event once; a rollback counts nothing', async () => {
  const w = await newWorkspaceUser(t.baseUrl);
  const ws = w.user.workspaceId;
  const account = w.instagram.id;
  const { pool } = t.app.database;
  const one = async <T>(sql: string, params: unknown[]) => (await pool.query(sql, params)).rows[0] as T;
  const contact = await one<{ id: string }>(
    `insert into contacts (workspace_id, account_id, external_user_id, name) values ($1, $2, 'fan', 'Fan') returning id`,
    [ws, account],
  );
  const conv = await one<{ id: string }>(
    `insert into conversations (workspace_id, account_id, contact_id, platform, customer_name, external_user_id) values ($1, $2, $3, 'instagram', 'Fan', 'fan') returning id`,
    [ws, account, contact.id],
  );
  const flow = await one<{ id: string }>(`insert into flows (workspace_id, name, graph, is_active) values ($1, 'F', '{}', true) returning id`, [ws]);
  const version = await one<{ id: string }>(
    `insert into flow_versions (workspace_id, flow_id, version, graph, plan) values ($1, $2, 1, '{}', '{}') returning id`,
    [ws, flow.id],
  );
  // Today's rollup rows exist on every shard, so an upsert from any connection would lock one of them.
  await pool.query(
    `insert into analytics_daily (workspace_id, day, platform, shard) select $1, (now() at time zone 'UTC')::date, 'instagram', g from generate_series(0, 15) g`,
    [ws],
  );
  await pool.query(
    `insert into analytics_flow_daily (workspace_id, day, flow_id, shard) select $1, (now() at time zone 'UTC')::date, $2, g from generate_series(0, 15) g`,
    [ws, flow.id],
  );
  const totals = async () =>
    one<{ out: number; queued: number; sent: number; started: number; completed: number }>(
      `select (select sum(messages_out)::int from analytics_daily where workspace_id = $1) as out,
              (select sum(dms_queued)::int from analytics_daily where workspace_id = $1) as queued,
              (select sum(dms_sent)::int from analytics_daily where workspace_id = $1) as sent,
              (select sum(runs_started)::int from analytics_flow_daily where workspace_id = $1) as started,
              (select sum(runs_completed)::int from analytics_flow_daily where workspace_id = $1) as completed`,
      [ws],
    );
  const zero = { out: 0, queued: 0, sent: 0, started: 0, completed: 0 };
  expect(await totals()).toEqual(zero);

  const turn = new pg.Client({ connectionString: t.db.url });
  await turn.connect();
  const turnEvents = async (n: number) => {
    // What a sandbox run turn writes: its run, the queued message and its ledger row, "sent", the run completed.
    const run = await turn.query<{ id: string }>(
      `insert into flow_runs (workspace_id, flow_id, version_id, account_id, contact_id, status, state, trigger)
       values ($1, $2, $3, $4, $5, 'running', '{}', '{}') returning id`,
      [ws, flow.id, version.id, account, contact.id],
    );
    const msg = await turn.query<{ id: string }>(
      `insert into messages (workspace_id, conversation_id, account_id, content, direction, status, source) values ($1, $2, $3, 'Hi', 'outbound', 'queued', 'flow') returning id`,
      [ws, conv.id, account],
    );
    const ledger = await turn.query<{ id: string }>(
      `insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text, message_id) values ($1, $2, $3, 'dm', 'fan', 'Hi', $4) returning id`,
      [ws, account, `rollup-at-commit:${n}`, msg.rows[0]!.id],
    );
    await turn.query(`update outbound_ledger set status = 'sent', sent_at = now() where id = $1`, [ledger.rows[0]!.id]);
    await turn.query(`update flow_runs set status = 'completed', finished_at = now() where id = $1`, [run.rows[0]!.id]);
  };
  try {
    await turn.query('begin');
    await turnEvents(1);
    // Another writer can lock every rollup row of this workspace while the turn is still open...
    const other = await pool.connect();
    try {
      await other.query('begin');
      await expect(other.query('select 1 from analytics_daily where workspace_id = $1 for update nowait', [ws])).resolves.toMatchObject({ rowCount: 16 });
      await expect(other.query('select 1 from analytics_flow_daily where workspace_id = $1 for update nowait', [ws])).resolves.toMatchObject({ rowCount: 16 });
      await other.query('rollback');
    } finally {
      other.release();
    }
    // ...and nothing is counted yet.
    expect(await totals()).toEqual(zero);
    await turn.query('commit');
    expect(await totals()).toEqual({ out: 1, queued: 1, sent: 1, started: 1, completed: 1 });

    await turn.query('begin');
    await turnEvents(2);
    await turn.query('rollback');
    expect(await totals()).toEqual({ out: 1, queued: 1, sent: 1, started: 1, completed: 1 });
  } finally {
    await turn.end();
  }
  // The rollups equal the raw rows.
  expect(await one<{ n: number }>(`select count(*)::int as n from messages where workspace_id = $1 and direction = 'outbound'`, [ws])).toEqual({ n: 1 });
  expect(await one<{ n: number }>(`select count(*)::int as n from outbound_ledger where workspace_id = $1 and status = 'sent'`, [ws])).toEqual({ n: 1 });
  expect(await one<{ n: number }>(`select count(*)::int as n from flow_runs where workspace_id = $1 and status = 'completed'`, [ws])).toEqual({ n: 1 });
});
