import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { createUserWithWorkspace } from '../auth/users';
import { plans, type PlanId } from '../../contracts/plans';
import { readMessagesUsed, recordUsage, usageCtes, usageThresholdParams } from './record-usage';

/**
 * The monthly count in usage_counts (ADR 0019): 16 rows per owner and month, one per connection
 * shard. Many connections counting at once are all counted, do not wait for each other's commits,
 * and each threshold is announced exactly once even when the sends that cross it commit together.
 */
let t: TestApp;
let conns: pg.Pool;
beforeAll(async () => {
  t = await startTestApp();
  conns = new pg.Pool({ connectionString: t.db.url, max: 24 });
});
afterAll(async () => {
  await conns?.end();
  await t?.stop();
});

const pool = () => t.app.database.pool;
let seq = 0;
/** A new owner whose workspace is on `plan` (its allowance: contracts/plans.ts). */
async function owner(plan: PlanId) {
  const row = await createUserWithWorkspace(pool(), { email: `usage-shards-${++seq}-${process.pid}@example.com`, plan: { id: plan, source: 'admin' } });
  if (row === 'email_taken') throw new Error('email taken');
  return row;
}
const noticesOf = async (userId: string) =>
  (await pool().query<{ key: string; body: string }>(`select key, body from notifications where user_id = $1 and kind = 'usage' order by key`, [userId])).rows;
const month = () => new Date().toISOString().slice(0, 7);

/** `perConnection` counts on each of `connections` connections at once, each in its own transaction. */
async function countConcurrently(workspaceId: string, connections: number, perConnection: number) {
  const clients = await Promise.all(Array.from({ length: connections }, () => conns.connect()));
  try {
    await Promise.all(
      clients.map(async (c) => {
        for (let i = 0; i < perConnection; i++) {
          await c.query('begin');
          await recordUsage(c, workspaceId, 1);
          await c.query('commit');
        }
      }),
    );
  } finally {
    for (const c of clients) c.release();
  }
}

describe('usage counted from many connections at once', () => {
  it('counts every message, spread over shards, and announces 80 % and 100 % once each when the last sends commit together', async () => {
    for (let round = 0; round < 3; round++) {
      const u = await owner('free');
      await countConcurrently(u.workspaceId, 20, plans.free.automatedMessages / 20); // exactly the limit
      expect(await readMessagesUsed(pool(), u.id)).toBe(plans.free.automatedMessages);
      const shards = await pool().query<{ n: number }>('select count(*)::int as n from usage_counts where user_id = $1', [u.id]);
      expect(shards.rows[0]!.n).toBeGreaterThan(1);
      const notices = await noticesOf(u.id);
      expect(notices.map((n) => n.key)).toEqual([`usage-100:${month()}`, `usage-80:${month()}`]);
      expect(notices[0]!.body).toMatch(/^100 of 100 messages used in /);
    }
  });

  it('far from any threshold, an open transaction that counted does not hold up another connection', async () => {
    const u = await owner('enterprise');
    // Two connections on different shards (pg_backend_pid() % 16).
    const held: pg.PoolClient[] = [];
    const shardOf = async (c: pg.PoolClient) => (await c.query<{ s: number }>('select pg_backend_pid() % 16 as s')).rows[0]!.s;
    let first: pg.PoolClient | undefined;
    let second: pg.PoolClient | undefined;
    try {
      while (!second) {
        const c = await conns.connect();
        held.push(c);
        if (!first) first = c;
        else if ((await shardOf(c)) !== (await shardOf(first))) second = c;
      }
      await first!.query('begin');
      expect(await recordUsage(first!, u.workspaceId, 1)).toEqual({ messagesUsed: 1, messageLimit: plans.enterprise.automatedMessages });
      await second.query(`set statement_timeout = '2s'`);
      // Not blocked by the open transaction; it does not see its uncommitted count.
      expect(await recordUsage(second, u.workspaceId, 1)).toEqual({ messagesUsed: 1, messageLimit: plans.enterprise.automatedMessages });
      await first!.query('commit');
      await second.query('reset statement_timeout');
      expect(await readMessagesUsed(pool(), u.id)).toBe(2);
      // The owner's users row was not written: it carries no count.
      const cols = await pool().query(`select column_name from information_schema.columns where table_name = 'users' and column_name like '%used%'`);
      expect(cols.rows).toEqual([]);
    } finally {
      for (const c of held) c.release();
    }
  });

  it('the send statement form counts only when enabled, and a rolled-back count is not counted', async () => {
    const u = await owner('free');
    const count = (enabled: boolean) =>
      pool().query(`with ${usageCtes({ workspaceId: '$1', n: '1', enabled: '$2::boolean', percents: '$3', titles: '$4' })} select 1 as done`, [
        u.workspaceId,
        enabled,
        ...usageThresholdParams(),
      ]);
    await count(false);
    expect(await readMessagesUsed(pool(), u.id)).toBe(0);
    await count(true);
    await count(true);
    expect(await readMessagesUsed(pool(), u.id)).toBe(2);
    const c = await pool().connect();
    try {
      await c.query('begin');
      await recordUsage(c, u.workspaceId, 5);
      await c.query('rollback');
    } finally {
      c.release();
    }
    expect(await readMessagesUsed(pool(), u.id)).toBe(2);
  });
});

describe('the month rollover', () => {
  it("counts a new UTC month from zero and announces its thresholds again; last month's count and notices stay", async () => {
    const u = await owner('free'); // 100 a month
    const last = (await pool().query<{ m: string }>(`select to_char(date_trunc('month', now() at time zone 'utc') - interval '1 month', 'YYYY-MM') as m`))
      .rows[0]!.m;
    await pool().query(`insert into usage_counts (user_id, month, shard, messages) values ($1, ($2 || '-01')::date, 7, 101)`, [u.id, last]);
    for (const p of [80, 100]) {
      await pool().query(
        `insert into notifications (workspace_id, user_id, kind, key, title, body, link) values ($1, $2, 'usage', $3, 't', 'b', '/settings')`,
        [u.workspaceId, u.id, `usage-${p}:${last}`],
      );
    }
    for (let i = 1; i <= 3; i++) expect((await recordUsage(pool(), u.workspaceId, 26))?.messagesUsed).toBe(26 * i);
    expect((await noticesOf(u.id)).map((n) => n.key)).toEqual([`usage-100:${last}`, `usage-80:${last}`]);
    expect((await recordUsage(pool(), u.workspaceId, 2))?.messagesUsed).toBe(80);
    expect((await noticesOf(u.id)).map((n) => n.key)).toEqual([`usage-100:${last}`, `usage-80:${last}`, `usage-80:${month()}`]);
    const months = await pool().query(
      `select to_char(month, 'YYYY-MM') as m, sum(messages)::int as n from usage_counts where user_id = $1 group by 1 order by 1`,
      [u.id],
    );
    expect(months.rows).toEqual([
      { m: last, n: 101 },
      { m: month(), n: 80 },
    ]);
  });
});
