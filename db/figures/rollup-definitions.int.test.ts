import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/support/use-test-app';
import { readFigures } from './read-figures';

/**
 * Migration 0033's definitions at their edges (docs/product-spec.md, Glossary): a comment answered by
 * two replies committed at the same moment counts once; a day is the workspace's day; a converted
 * lead deleted in its own transaction, and a whole workspace deleted, leave no dangling count; the
 * bell's failed-run notice counts the flow's failures of that day.
 */
const app = useTestApp({ role: 'web' });

async function setup(zone = 'UTC') {
  const w = await app.signIn('Edges');
  const ws = w.user.workspaceId;
  await app.pool.query('update workspaces set time_zone = $2 where id = $1', [ws, zone]);
  const one = async <T>(sql: string, params: unknown[]) => (await app.pool.query(sql, params)).rows[0] as T;
  const contact = await one<{ id: string }>(
    `insert into contacts (workspace_id, account_id, external_user_id, name) values ($1, $2, 'fan', 'Fan') returning id`,
    [ws, w.instagram.id],
  );
  return { w, ws, account: w.instagram.id, contactId: contact.id, one };
}

describe('rollup definitions', () => {
  it('a comment whose private and public replies are marked sent by two transactions committing together counts once', async () => {
    const { ws, account, contactId } = await setup();
    await app.pool.query(
      `insert into comments (workspace_id, account_id, contact_id, platform_comment_id, post_id, text, author_external_id, commented_at)
       values ($1, $2, $3, 'both', 'p', 'price?', 'fan', now())`,
      [ws, account, contactId],
    );
    const ids: string[] = [];
    for (const kind of ['private_reply', 'public_reply']) {
      const { rows } = await app.pool.query<{ id: string }>(
        `insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text) values ($1, $2, $3, $4, 'both', 'hi') returning id`,
        [ws, account, `${kind}:${account}:both`, kind],
      );
      ids.push(rows[0]!.id);
    }
    const clients = ids.map(() => new pg.Client({ connectionString: app.t.db.url }));
    try {
      await Promise.all(clients.map((c) => c.connect()));
      // Both updates done, neither committed: then both commit at once.
      for (const [i, c] of clients.entries()) {
        await c.query('begin');
        await c.query(`update outbound_ledger set status = 'sent', sent_at = now() where id = $1`, [ids[i]]);
      }
      await Promise.all(clients.map((c) => c.query('commit')));
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
    const f = await readFigures(app.pool, ws, { kind: 'today' });
    expect(f.commentsAnswered).toBe(1);
    expect(f.automatedReplies).toBe(2);
    expect(f.dmsSent).toBe(1); // the private reply; a public reply is not a DM
  });

  it("counts an event on its calendar day in the workspace's zone", async () => {
    const { ws, account, contactId, one } = await setup('Asia/Tokyo');
    const conv = await one<{ id: string }>(
      `insert into conversations (workspace_id, account_id, contact_id, platform, customer_name, external_user_id) values ($1, $2, $3, 'instagram', 'Fan', 'fan') returning id`,
      [ws, account, contactId],
    );
    // 16:30 UTC on Jan 1 is 01:30 on Jan 2 in Tokyo.
    await app.pool.query(
      `insert into messages (workspace_id, conversation_id, account_id, content, direction, source, created_at)
       values ($1, $2, $3, 'hi', 'inbound', 'contact', '2030-01-01T16:30:00Z')`,
      [ws, conv.id, account],
    );
    const days = async (id: string) =>
      (
        await app.pool.query(`select to_char(day, 'YYYY-MM-DD') as day, sum(messages_in)::int as n from analytics_daily where workspace_id = $1 group by day`, [
          id,
        ])
      ).rows;
    expect(await days(ws)).toEqual([{ day: '2030-01-02', n: 1 }]);
    // One transaction writing for two workspaces in turn (an inbound batch does): each event gets its own
    // workspace's day, whatever zone the one before it was looked up for.
    const utc = await setup('UTC');
    const utcConv = await one<{ id: string }>(
      `insert into conversations (workspace_id, account_id, contact_id, platform, customer_name, external_user_id) values ($1, $2, $3, 'instagram', 'Fan', 'fan') returning id`,
      [utc.ws, utc.account, utc.contactId],
    );
    const batch = await app.pool.connect();
    try {
      await batch.query('begin');
      for (const [w, c, a] of [
        [ws, conv.id, account],
        [utc.ws, utcConv.id, utc.account],
        [ws, conv.id, account],
        [utc.ws, utcConv.id, utc.account],
      ]) {
        await batch.query(
          `insert into messages (workspace_id, conversation_id, account_id, content, direction, source, created_at) values ($1, $2, $3, 'hi', 'inbound', 'contact', '2030-01-01T16:30:00Z')`,
          [w, c, a],
        );
      }
      await batch.query('commit');
    } finally {
      batch.release();
    }
    expect(await days(ws)).toEqual([{ day: '2030-01-02', n: 3 }]);
    expect(await days(utc.ws)).toEqual([{ day: '2030-01-01', n: 2 }]);
    // "Today" for the figures is Tokyo's day too.
    const f = await readFigures(app.pool, ws, { kind: 'today' }, new Date('2030-01-01T16:45:00Z'));
    expect(f.period).toEqual({ from: '2030-01-02', to: '2030-01-02', timeZone: 'Asia/Tokyo' });
    expect(f.dmsReceived).toBe(3);
  });

  it('a lead converted and deleted in one transaction records no conversion; deleting the workspace leaves nothing behind', async () => {
    const { ws, contactId, one } = await setup();
    const client = await app.pool.connect();
    try {
      await client.query('begin');
      const lead = (await client.query<{ id: string }>(`insert into leads (workspace_id, name, source) values ($1, 'Brief', 'manual') returning id`, [ws]))
        .rows[0]!;
      await client.query(`update leads set status = 'converted', value_cents = 900 where id = $1`, [lead.id]);
      await client.query('delete from leads where id = $1', [lead.id]);
      await client.query('commit');
    } finally {
      client.release();
    }
    expect(await readFigures(app.pool, ws, { kind: 'all' })).toMatchObject({ leads: 0, conversions: 0, revenueCents: 0 });

    // A converted lead (and its conversion), then the whole workspace goes, as account deletion takes it.
    const lead = await one<{ id: string }>(`insert into leads (workspace_id, contact_id, name, source) values ($1, $2, 'Kept', 'instagram') returning id`, [
      ws,
      contactId,
    ]);
    await app.pool.query(`update leads set status = 'converted', value_cents = 1200 where id = $1`, [lead.id]);
    expect(await readFigures(app.pool, ws, { kind: 'all' })).toMatchObject({ leads: 1, conversions: 1, revenueCents: 1200 });
    await app.pool.query('delete from workspaces where id = $1', [ws]);
    for (const table of ['analytics_daily', 'conversions', 'leads', 'notifications']) {
      expect((await app.pool.query(`select count(*)::int as n from ${table} where workspace_id = $1`, [ws])).rows[0].n).toBe(0);
    }
  });

  it("the bell's failed-run notice counts the flow's failures that day, and comes back unread with each one", async () => {
    const { w, ws, account, contactId, one } = await setup();
    const flow = await one<{ id: string }>(`insert into flows (workspace_id, name, graph, is_active) values ($1, 'Order bot', '{}', true) returning id`, [ws]);
    const version = await one<{ id: string }>(
      `insert into flow_versions (workspace_id, flow_id, version, graph, plan) values ($1, $2, 1, '{}', '{}') returning id`,
      [ws, flow.id],
    );
    const fail = async (error: string) => {
      const run = await one<{ id: string }>(
        `insert into flow_runs (workspace_id, flow_id, version_id, account_id, contact_id, status, state, trigger) values ($1, $2, $3, $4, $5, 'running', '{}', '{}') returning id`,
        [ws, flow.id, version.id, account, contactId],
      );
      await app.pool.query(`update flow_runs set status = 'failed', error = $2, finished_at = now() where id = $1`, [run.id, error]);
    };
    await fail('HTTP 500: CRM is down');
    const bell = async () =>
      (
        (await w.client.get('/api/notifications')).data as {
          notifications: { id: string; kind: string; body: string; readAt: string | null }[];
          unreadCount: number;
        }
      ).notifications;
    const first = (await bell()).filter((n) => n.kind === 'runs_failed');
    expect(first).toHaveLength(1);
    expect(first[0]!.body).toMatch(/^1 run failed on .+\. The last one: HTTP 500: CRM is down$/);
    await w.client.post(`/api/notifications/${first[0]!.id}/read`);
    await fail('timeout');
    const second = (await bell()).filter((n) => n.kind === 'runs_failed');
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({ readAt: null, body: expect.stringMatching(/^2 runs failed on .+\. The last one: timeout$/) });
    expect((await readFigures(app.pool, ws, { kind: 'today' })).failedRuns).toBe(2);
  });
});
