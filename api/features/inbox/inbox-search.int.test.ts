import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../../contracts/inbox';
import { conversationFilterSql } from '../../../db/inbox/conversation-row';
import { searchConversations } from '../../../db/inbox/search-conversations';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

// The inbox's search box through its real endpoint (GET /api/conversations?search=, what the inbox
// page calls), on a modest inbox: 3,000 conversations, 36,000 messages, 23,000 contacts. Then the
// same search's statements, as the app runs them, through EXPLAIN: an index, not a scan.

let t: TestApp;
let w: Awaited<ReturnType<typeof newWorkspaceUser>>;
let pool: pg.Pool;
const CONVERSATIONS = 3000;

beforeAll(async () => {
  t = await startTestApp();
  w = await newWorkspaceUser(t.baseUrl);
  pool = t.app.database.pool;
  const ws = w.user.workspaceId;
  // Conversation g: customer "Person g" (handle person_g, "Zoltan Quark" for g = 1500), 12 messages
  // an hour apart ending g minutes ago. Every message says "hello"; "zephyrine" is in the 3rd-newest
  // message of every 100th conversation; "price list" in the newest of every 7th; conversation 2000
  // has "Prices" once.
  await pool.query(
    `insert into contacts (workspace_id, account_id, external_user_id, name, username)
     select $1, $2, 'p' || g, case when g = 1500 then 'Zoltan Quark' else 'Person ' || g end, 'person_' || g
     from generate_series(1, $3::int) g`,
    [ws, w.messenger.id, CONVERSATIONS],
  );
  await pool.query(
    `insert into conversations (workspace_id, account_id, contact_id, platform, customer_name, customer_username, external_user_id,
                                last_message, last_message_time, status)
     select ct.workspace_id, ct.account_id, ct.id, 'facebook', ct.name, ct.username, ct.external_user_id, 'hello',
            now() - x.g * interval '1 minute', case when x.g % 2 = 0 then 'open' else 'closed' end
     from contacts ct cross join lateral (select substring(ct.external_user_id from 2)::int as g) x where ct.account_id = $1`,
    [w.messenger.id],
  );
  await pool.query(
    `insert into messages (workspace_id, conversation_id, account_id, content, direction, source, created_at)
     select c.workspace_id, c.id, c.account_id,
            'hello' || case when x.g % 100 = 0 and k = 2 then ' zephyrine here' else '' end
                    || case when x.g % 7 = 0 and k = 0 then ' price list please' else '' end
                    || case when x.g = 2000 and k = 5 then ' Prices?' else '' end,
            'inbound', 'contact', c.last_message_time - k * interval '1 hour'
     from conversations c cross join lateral (select substring(c.external_user_id from 2)::int as g) x
     cross join generate_series(0, 11) k
     where c.account_id = $1 order by 7`,
    [w.messenger.id],
  );
  // People who only commented (no conversation): contacts outnumber conversations, as they do live.
  await pool.query(
    `insert into contacts (workspace_id, account_id, external_user_id, name, username)
     select $1, $2, 'x' || g, 'Commenter ' || g, 'fan_' || g from generate_series(1, 20000) g`,
    [ws, w.instagram.id],
  );
  await pool.query('analyze contacts, conversations, messages');
});
afterAll(() => t.stop());

/** Every page of a search (keyset, as the inbox's "Load more" walks it), first copy of each conversation kept. */
async function searchAll(query: string): Promise<{ conversations: Conversation[]; pages: number }> {
  const seen = new Map<string, Conversation>();
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await w.client.get(`/api/conversations?limit=50&search=${encodeURIComponent(query)}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    for (const c of res.data.conversations as Conversation[]) if (!seen.has(c.id)) seen.set(c.id, c);
    cursor = res.data.nextCursor;
    pages++;
  } while (cursor && pages < 100);
  return { conversations: [...seen.values()], pages };
}

const numberOf = (c: Conversation) => Number(c.externalUserId.slice(1));

describe('GET /api/conversations?search=', () => {
  it('a rare word: every conversation with it, newest match first, with the message it was found by', async () => {
    const { conversations } = await searchAll('Zephyrine');
    expect(conversations.map(numberOf)).toEqual(Array.from({ length: 30 }, (_, i) => (i + 1) * 100));
    expect(conversations[0]!.match).toMatchObject({ text: 'hello zephyrine here' });
    // The 3rd-newest message: 2 hours before the conversation's last one.
    const c = conversations[0]!;
    expect(new Date(c.match!.createdAt).getTime()).toBe(new Date(c.lastMessageTime!).getTime() - 2 * 3600_000);
  });

  it('a common word: the newest 50 matches first, every conversation once over all pages', async () => {
    const first = await w.client.get('/api/conversations?limit=50&search=hello');
    expect(first.data.conversations.map(numberOf)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(first.data.nextCursor).toEqual(expect.any(String));
    const { conversations } = await searchAll('hello');
    expect(conversations).toHaveLength(CONVERSATIONS);
  });

  it('several words must all be in one message; one word alone matches as a prefix', async () => {
    const both = await searchAll('list price');
    expect(both.conversations.map(numberOf)).toEqual(Array.from({ length: Math.floor(CONVERSATIONS / 7) }, (_, i) => (i + 1) * 7));
    const prefix = await searchAll('pric');
    expect(prefix.conversations.map(numberOf).sort((a, b) => a - b)).toEqual(
      [...Array.from({ length: Math.floor(CONVERSATIONS / 7) }, (_, i) => (i + 1) * 7), 2000].sort((a, b) => a - b),
    );
    expect((await searchAll('zephyrine price')).conversations).toEqual([]);
  });

  it('names and handles, any part of them, every word', async () => {
    expect((await searchAll('zoltan')).conversations.map(numberOf)).toEqual([1500]);
    expect((await searchAll('QUARK zol')).conversations.map(numberOf)).toEqual([1500]);
    expect((await searchAll('person_2999')).conversations.map(numberOf)).toEqual([2999]);
    // A name match carries no message.
    expect((await searchAll('zoltan')).conversations[0]!.match).toBeNull();
    // Every word, anywhere in the name or handle: "12" in 12, 112, 120–129, 212, 312, 412, 1200…
    const persons = await searchAll('person 12');
    expect(persons.conversations.map(numberOf)).toEqual(Array.from({ length: CONVERSATIONS }, (_, i) => i + 1).filter((g) => String(g).includes('12')));
  });

  it('with the list filters, and only the workspace’s own conversations', async () => {
    const open = await searchAll('zephyrine');
    const onlyOpen = (await w.client.get('/api/conversations?limit=50&status=open&search=zephyrine')).data.conversations as Conversation[];
    expect(onlyOpen.map(numberOf)).toEqual(open.conversations.filter((c) => c.status === 'open').map(numberOf));
    expect(onlyOpen.every((c) => c.status === 'open')).toBe(true);
    const other = await newWorkspaceUser(t.baseUrl, 'Other');
    const res = await other.client.get('/api/conversations?search=zephyrine');
    expect(res.data.conversations).toEqual([]);
  });

  it('one- and two-letter words look through the newest conversations page by page', async () => {
    const res = await w.client.get('/api/conversations?limit=50&search=r%2029');
    expect(res.status).toBe(200);
    // "Person 29", "Person 129", … 290–299 are among the newest 2,000; the cursor goes on past them.
    expect((res.data.conversations as Conversation[]).map(numberOf)).toContain(29);
    const all = await searchAll('r 29');
    expect(all.conversations.map(numberOf).sort((a, b) => a - b)).toEqual(
      Array.from({ length: CONVERSATIONS }, (_, i) => i + 1).filter((g) => String(g).includes('29') && g !== 1500),
    );
  });
});

describe('the search uses its indexes', () => {
  /** The search's statements as it runs them, through EXPLAIN with the same parameters. */
  async function plans(text: string): Promise<string[]> {
    const statements: { text: string; params: unknown[] }[] = [];
    const recorder = {
      query: (sql: string, params: unknown[] = []) => {
        statements.push({ text: sql, params: [...params] });
        return pool.query(sql, params);
      },
    } as unknown as pg.Pool;
    await searchConversations(recorder, w.user.workspaceId, { text, filter: conversationFilterSql({}), limit: 50 });
    const out: string[] = [];
    for (const s of statements) {
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain ${s.text}`, s.params);
      out.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    return out;
  }

  // (3,000 conversations are few enough that PostgreSQL may read them whole where it joins them;
  // messages and contacts are what an index must spare.)
  it('a rare word reads the GIN on messages.search, a name the trigrams on contacts; messages are never scanned whole', async () => {
    const word = (await plans('zephyrine')).join('\n---\n');
    expect(word).toMatch(/Bitmap Index Scan on messages_search_idx/);
    expect(word).not.toMatch(/Seq Scan on messages/);
    const name = (await plans('zoltan')).join('\n---\n');
    expect(name).toMatch(/Bitmap Index Scan on contacts_name_trgm_idx/);
    expect(name).not.toMatch(/Seq Scan on (messages|contacts)/);
  });

  it('a common word reads the newest messages in time order and stops', async () => {
    const common = await plans('hello');
    const probe = common.find((p) => p.includes('messages_workspace_recent_key'));
    expect(probe).toContain('Index Scan Backward using messages_workspace_recent_key');
    expect(common.join('\n')).not.toMatch(/Seq Scan on messages/);
  });
});
