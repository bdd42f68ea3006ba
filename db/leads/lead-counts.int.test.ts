import type pg from 'pg';
import { expect, it } from 'vitest';
import { useTestPool } from '../../tests/support/test-db';

/**
 * The lead counters (migration 0031): written at commit into the writer's shard row, summed on
 * read. Two transactions creating leads of the same (workspace, status, source) do not wait for each
 * other (before, the second queued on the first's counter row until it committed); re-statuses,
 * deletions and a rolled-back insert leave the sums equal to the leads; deleting a workspace with
 * leads still works.
 */
const { pool } = await useTestPool({ max: 4 });

const workspace = async (name: string) => (await pool.query<{ id: string }>('insert into workspaces (name) values ($1) returning id', [name])).rows[0]!.id;
const addLead = (c: pg.ClientBase | pg.Pool, ws: string, name: string) =>
  c.query<{ id: string }>(`insert into leads (workspace_id, name, source) values ($1, $2, 'instagram') returning id`, [ws, name]);
const counters = async (ws: string) =>
  Object.fromEntries(
    (
      await pool.query<{ key: string; n: number }>(
        `select status || '/' || source as key, sum(n)::int as n from lead_counts where workspace_id = $1 group by 1 having sum(n) <> 0 order by 1`,
        [ws],
      )
    ).rows.map((r) => [r.key, r.n]),
  );
const actual = async (ws: string) =>
  Object.fromEntries(
    (
      await pool.query<{ key: string; n: number }>(
        `select status || '/' || source as key, count(*)::int as n from leads where workspace_id = $1 group by 1 order by 1`,
        [ws],
      )
    ).rows.map((r) => [r.key, r.n]),
  );

it('two open transactions add leads of one key without waiting for each other, and both count', async () => {
  const ws = await workspace('concurrent');
  const a = await pool.connect();
  const b = await pool.connect();
  try {
    await a.query('begin');
    await addLead(a, ws, 'first');
    await b.query('begin');
    await b.query("set local lock_timeout = '2s'");
    await addLead(b, ws, 'second'); // waited for a's commit before migration 0031
    await b.query('commit');
    await a.query('commit');
  } finally {
    a.release();
    b.release();
  }
  expect(await counters(ws)).toEqual({ 'new/instagram': 2 });
});

it('re-statuses, deletions and a rolled-back insert keep the sums equal to the leads', async () => {
  const ws = await workspace('changes');
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) ids.push((await addLead(pool, ws, `lead ${i}`)).rows[0]!.id);
  await pool.query(`update leads set status = 'qualified' where id = any($1)`, [ids.slice(0, 2)]);
  await pool.query(`update leads set source = 'facebook', status = 'lost' where id = $1`, [ids[2]]);
  await pool.query(`update leads set notes = 'no status change' where id = $1`, [ids[3]]);
  await pool.query('delete from leads where id = $1', [ids[4]]);
  const c = await pool.connect();
  try {
    await c.query('begin');
    await addLead(c, ws, 'rolled back');
    await c.query(`update leads set status = 'contacted' where id = $1`, [ids[0]]);
    await c.query('rollback');
  } finally {
    c.release();
  }
  // Two changes of one lead in one transaction: both events count, in order.
  await pool.query('begin');
  await pool.query(`update leads set status = 'contacted' where id = $1`, [ids[3]]);
  await pool.query(`update leads set status = 'converted' where id = $1`, [ids[3]]);
  await pool.query('commit');
  const expected = { 'converted/instagram': 1, 'lost/facebook': 1, 'qualified/instagram': 2 };
  expect(await actual(ws)).toEqual(expected);
  expect(await counters(ws)).toEqual(expected);
});

it('deleting a workspace with leads works (its counters go with it)', async () => {
  const ws = await workspace('deleted');
  await addLead(pool, ws, 'one');
  await addLead(pool, ws, 'two');
  await pool.query('delete from workspaces where id = $1', [ws]);
  expect((await pool.query('select 1 from lead_counts where workspace_id = $1', [ws])).rowCount).toBe(0);
});
