import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { newWorkspaceUser } from '../../tests/support/workspace';

/**
 * Migration 0026: a conversation's first inbound and first response times (the automation card's
 * median) are set by a deferred trigger on messages, at commit. An open transaction holds no lock
 * on the conversation for them; an inbound and its reply committing at the same moment from two
 * connections still end up with both times; a rollback sets nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ role: 'web' });
});
afterAll(() => t.stop());

it('sets first inbound and first response at commit, without holding the conversation, and when both commit together', async () => {
  const w = await newWorkspaceUser(t.baseUrl);
  const ws = w.user.workspaceId;
  const account = w.instagram.id;
  const { pool } = t.app.database;
  const newConversation = async (n: number) => {
    const contact = await pool.query<{ id: string }>(
      `insert into contacts (workspace_id, account_id, external_user_id, name) values ($1, $2, $3, 'Fan') returning id`,
      [ws, account, `fan${n}`],
    );
    const conv = await pool.query<{ id: string }>(
      `insert into conversations (workspace_id, account_id, contact_id, platform, customer_name, external_user_id) values ($1, $2, $3, 'instagram', 'Fan', $4) returning id`,
      [ws, account, contact.rows[0]!.id, `fan${n}`],
    );
    return conv.rows[0]!.id;
  };
  const times = async (id: string) =>
    (
      await pool.query<{ first_in: string | null; first_out: string | null }>(
        `select to_char(first_inbound_at at time zone 'UTC', 'HH24:MI') as first_in, to_char(first_response_at at time zone 'UTC', 'HH24:MI') as first_out
         from conversations where id = $1`,
        [id],
      )
    ).rows[0]!;
  const insert = (c: pg.Client, conv: string, direction: 'inbound' | 'outbound', at: string) =>
    c.query(
      `insert into messages (workspace_id, conversation_id, account_id, content, direction, source, created_at)
       values ($1, $2, $3, 'x', $4, $5, timestamptz '2026-11-20 ${at}:00+00')`,
      [ws, conv, account, direction, direction === 'inbound' ? 'contact' : 'flow'],
    );
  const a = new pg.Client({ connectionString: t.db.url });
  const b = new pg.Client({ connectionString: t.db.url });
  await a.connect();
  await b.connect();
  try {
    // An open transaction with the conversation's first inbound message holds no lock on it for
    // these columns (only the foreign key's KEY SHARE, which an update of them does not wait for).
    const conv = await newConversation(0);
    await a.query('begin');
    await insert(a, conv, 'inbound', '10:00');
    await expect(pool.query('select 1 from conversations where id = $1 for no key update nowait', [conv])).resolves.toMatchObject({ rowCount: 1 });
    expect(await times(conv)).toEqual({ first_in: null, first_out: null });
    await a.query('commit');
    expect(await times(conv)).toEqual({ first_in: '10:00', first_out: null });

    // A rolled-back reply sets nothing.
    await a.query('begin');
    await insert(a, conv, 'outbound', '10:05');
    await a.query('rollback');
    expect(await times(conv)).toEqual({ first_in: '10:00', first_out: null });

    // The race made deterministic: the reply's trigger runs (SET CONSTRAINTS … IMMEDIATE) while its
    // transaction stays open and before the inbound exists; then the inbound commits, then the
    // reply. The inbound's trigger waits for the reply's lock on the conversation and then counts
    // the reply; without that lock it would read the messages before the reply committed, and the
    // reply's trigger had seen no first inbound yet: neither would set the first response.
    {
      const c = await newConversation(100);
      await b.query('begin');
      await insert(b, c, 'outbound', '12:03');
      await b.query('set constraints analytics_first_response immediate');
      await a.query('begin');
      await insert(a, c, 'inbound', '12:00');
      const committed = a.query('commit');
      await new Promise((r) => setTimeout(r, 200));
      await b.query('commit');
      await committed;
      expect(await times(c)).toEqual({ first_in: '12:00', first_out: '12:03' });
    }

    // An inbound (first) and its reply, each in its own open transaction, committed together, in
    // both orders of writing: whichever commits second sees what the first wrote.
    for (let n = 1; n <= 10; n++) {
      const c = await newConversation(n);
      const [first, second] = n % 2 ? [a, b] : [b, a];
      await first.query('begin');
      await second.query('begin');
      await insert(first, c, 'inbound', '11:00');
      await insert(second, c, 'outbound', '11:03');
      await Promise.all([first.query('commit'), second.query('commit')]);
      expect(await times(c)).toEqual({ first_in: '11:00', first_out: '11:03' });
    }
  } finally {
    await a.end();
    await b.end();
  }
});
