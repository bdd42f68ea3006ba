import type pg from 'pg';
import { expect, it } from 'vitest';
import { useTestPool } from '../../tests/support/test-db';
import { recordLeadActivity, type LeadActivity } from './capture-lead';
import { recordLeadActivities } from './record-lead-activities';

/**
 * The inbound batch's leads in one statement (recordLeadActivities) write what one
 * recordLeadActivity per contact writes: an existing lead fed, a new one made from the contact's
 * history, none made when not asked, and a lead made meanwhile by another transaction fed on conflict.
 */
const { pool } = await useTestPool();

const at = new Date('2026-11-24T08:00:00Z');

/** A workspace whose four contacts each commented twice; `fed` already has a lead. */
async function seed(name: string) {
  const ws = (await pool.query<{ id: string }>(`insert into workspaces (name) values ($1) returning id`, [name])).rows[0]!.id;
  const account = (
    await pool.query<{ id: string }>(
      `insert into social_accounts (workspace_id, platform, provider, external_id, username, display_name) values ($1, 'instagram', 'sandbox', $2, 'a', 'A') returning id`,
      [ws, `ig-${name}`],
    )
  ).rows[0]!.id;
  const contacts: Record<string, string> = {};
  for (const who of ['fed', 'made', 'untouched', 'raced']) {
    const c = await pool.query<{ id: string }>(
      `insert into contacts (workspace_id, account_id, external_user_id, name, username) values ($1, $2, $3, $3, $3) returning id`,
      [ws, account, who],
    );
    contacts[who] = c.rows[0]!.id;
    for (const n of [1, 2]) {
      await pool.query(
        `insert into comments (workspace_id, account_id, contact_id, platform_comment_id, post_id, text, author_external_id, author_username, commented_at)
         values ($1, $2, $3, $4, 'p', 'deal', $5, $5, $6)`,
        [ws, account, c.rows[0]!.id, `${who}-${n}`, who, new Date(at.getTime() - (3 - n) * 60_000)],
      );
    }
  }
  await pool.query(
    `insert into leads (workspace_id, contact_id, name, source, inbound_count, reply_count, link_clicks) values ($1, $2, 'fed', 'instagram', 5, 1, 2)`,
    [ws, contacts.fed],
  );
  const activity = (who: string, create: boolean): LeadActivity => ({
    workspaceId: ws,
    accountId: account,
    contactId: contacts[who]!,
    conversationId: null,
    name: who,
    handle: `@${who}`,
    source: 'instagram',
    at,
    reply: 0,
    create,
  });
  return { ws, contacts, activity };
}

const leadsOf = async (ws: string) =>
  (
    await pool.query(
      `select c.external_user_id as who, l.name, l.social_handle, l.source, l.inbound_count, l.reply_count, l.link_clicks, l.last_activity_at
       from leads l join contacts c on c.id = l.contact_id where l.workspace_id = $1 order by c.external_user_id`,
      [ws],
    )
  ).rows;

it('writes, in one statement, the leads one recordLeadActivity per contact writes, and returns their counters in input order', async () => {
  const one = await seed('one-by-one');
  const batch = await seed('batch');
  const c1 = await pool.connect();
  const c2 = await pool.connect();
  try {
    const singles = [];
    for (const [who, create] of [
      ['made', true],
      ['fed', true],
      ['untouched', false],
    ] as const)
      singles.push(await recordLeadActivity(c1, one.activity(who, create)));
    let statements = 0;
    const counting = { query: (...args: Parameters<pg.PoolClient['query']>) => (statements++, (c2.query as (...a: unknown[]) => unknown)(...args)) } as Pick<
      pg.PoolClient,
      'query'
    >;
    const batched = await recordLeadActivities(counting, [batch.activity('made', true), batch.activity('fed', true), batch.activity('untouched', false)]);
    expect(statements).toBe(1);
    expect(batched.map((e) => e && { ...e, id: '' })).toEqual(singles.map((e) => e && { ...e, id: '' }));
    expect(batched[2]).toBeNull();
    expect(batched[0]).toMatchObject({ inbound_count: 2, last_activity_at: at });
    expect(batched[1]).toMatchObject({ inbound_count: 6, reply_count: 1, link_clicks: 2 });
  } finally {
    c1.release();
    c2.release();
  }
  expect(await leadsOf(batch.ws)).toEqual(await leadsOf(one.ws));
  await expect(recordLeadActivities(pool, [batch.activity('made', true), batch.activity('made', true)])).rejects.toThrow(/contact twice/);
});

it('a lead made meanwhile by another transaction is fed on conflict (+1), as recordLeadActivity does', async () => {
  const s = await seed('raced');
  const other = await pool.connect();
  try {
    await other.query('begin');
    await other.query(
      `insert into leads (workspace_id, contact_id, name, source, inbound_count, reply_count, link_clicks) values ($1, $2, 'raced', 'instagram', 7, 0, 0)`,
      [s.ws, s.contacts.raced],
    );
    // Blocks on the other's uncommitted row (the unique index), then takes the conflict branch.
    const pending = recordLeadActivities(pool, [s.activity('raced', true)]);
    // Committed only once the statement waits on that row: its snapshot did not see the lead.
    while (
      (
        await pool.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%with input as%fed as%made as%'`,
        )
      ).rows[0]!.n === 0
    );
    await other.query('commit');
    const [lead] = await pending;
    expect(lead).toMatchObject({ inbound_count: 8, last_activity_at: at });
  } finally {
    other.release();
  }
});
