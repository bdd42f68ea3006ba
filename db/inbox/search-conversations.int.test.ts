import { beforeAll, describe, expect, it } from 'vitest';
import { useTestPool } from '../../tests/support/test-db';
import { conversationFilterSql } from './conversation-row';
import { PROBE_MESSAGES, searchConversations } from './search-conversations';

// Every page of a search, walked with its cursor, against a brute force over the same rows: the same
// conversations in the same order, none skipped, none twice. The data is past PROBE_MESSAGES, so
// words are found through each of the search's ways: the newest messages in time order (a common
// word), then windows of time through the GIN (a rare one), and on later pages the conversations
// listed before the cursor. Messages share their minutes (keyset ties), and one long thread has
// matches all along its length (on a later page, its newer matches must keep its older ones out).

const { pool } = await useTestPool({ max: 4 });
let workspaceId: string;
const CONVERSATIONS = 600;
const PER_CONVERSATION = 15;
const LONG_THREAD = 6000;

beforeAll(async () => {
  workspaceId = (await pool.query<{ id: string }>(`insert into workspaces (name) values ('Search walk') returning id`)).rows[0]!.id;
  const other = (await pool.query<{ id: string }>(`insert into workspaces (name) values ('Other') returning id`)).rows[0]!.id;
  for (const ws of [workspaceId, other]) {
    const account = (
      await pool.query<{ id: string }>(
        `insert into social_accounts (workspace_id, platform, provider, external_id, username, display_name)
         values ($1::uuid, 'facebook', 'sandbox', 'walk-' || $1::text, 'brand', 'Brand') returning id`,
        [ws],
      )
    ).rows[0]!.id;
    // Conversation 0 is the long thread. Names repeat (8 of them); "Rare Quill" names conversation 7.
    await pool.query(
      `insert into contacts (workspace_id, account_id, external_user_id, name, username)
       select $1, $2, 'u' || g, case when g = 7 then 'Rare Quill' else (array['Ana Rivera','Ben Stone','Cleo Park','Dev Shah','Eli Moss','Fay Lund','Gus Hale','Ivy Reed'])[g % 8 + 1] end,
              'user_' || g
       from generate_series(0, $3::int - 1) g`,
      [ws, account, CONVERSATIONS],
    );
    await pool.query(
      `insert into conversations (workspace_id, account_id, contact_id, platform, customer_name, customer_username, external_user_id, last_message, status)
       select ct.workspace_id, ct.account_id, ct.id, 'facebook', ct.name, ct.username, ct.external_user_id, '',
              case when substring(ct.external_user_id from 2)::int % 3 = 0 then 'closed' else 'open' end
       from contacts ct where ct.account_id = $1`,
      [account],
    );
    // Words by a hash of (conversation, message): "plain" in ~30 % of messages, "medium" ~3 %, "rare"
    // ~0.4 % (and "rarely", so "rar" finds both), "scarce" ~0.1 % and every 400th message of the long
    // thread, "lonely" once in the long thread's middle. Times are whole minutes, many shared between
    // conversations.
    await pool.query(
      `with m as (
         select c.id as conversation_id, c.workspace_id, c.account_id, g, k,
                abs(hashint4(g * 100003 + k)) % 1000 as h
         from conversations c cross join lateral (select substring(c.external_user_id from 2)::int as g) x
         cross join lateral generate_series(0, case when x.g = 0 then $2::int else $3::int end - 1) k
         where c.account_id = $1)
       insert into messages (workspace_id, conversation_id, account_id, content, direction, source, created_at)
       select workspace_id, conversation_id, account_id,
              concat_ws(' ', 'hello',
                        case when h < 300 then 'plain' end,
                        case when h between 300 and 329 then 'medium' end,
                        case when h between 330 and 333 then 'rare' end,
                        case when h = 334 then 'rarely' end,
                        case when h between 320 and 339 then 'quill' end,
                        case when h = 340 or (g = 0 and k % 400 = 200) then 'scarce' end,
                        case when g = 0 and k = $2::int / 2 then 'lonely' end),
              case when h % 2 = 0 then 'inbound' else 'outbound' end, 'contact',
              date_trunc('minute', now()) - (case when g = 0 then k else g * 7 + k * 53 end) * interval '1 minute'
       from m order by 7`,
      [account, LONG_THREAD, PER_CONVERSATION],
    );
    await pool.query(
      `update conversations c set last_message_time = x.at from (select conversation_id, max(created_at) as at from messages group by 1) x
       where x.conversation_id = c.id and c.account_id = $1`,
      [account],
    );
  }
  await pool.query('analyze contacts, conversations, messages');
  const n = Number((await pool.query<{ n: string }>('select count(*) as n from messages where workspace_id = $1', [workspaceId])).rows[0]!.n);
  expect(n).toBeGreaterThan(PROBE_MESSAGES);
});

/** The search by brute force: ILIKE on names, a regular expression per word on every message. */
async function bruteForce(text: string, status?: string): Promise<string[]> {
  const words = text.toLowerCase().split(/\s+/u).filter(Boolean);
  // One word is a prefix of a word of the message; several are whole words.
  const patterns = words.map((w) => (words.length === 1 ? `\\m${w}` : `\\m${w}\\M`));
  const { rows } = await pool.query<{ id: string }>(
    `select c.id, greatest(
              case when (ct.name || ' ' || coalesce(ct.username, '')) ilike all ($2::text[]) then c.last_message_time end,
              (select max(m.created_at) from messages m where m.conversation_id = c.id and m.content ~* all ($3::text[]))) as at
     from conversations c join contacts ct on ct.id = c.contact_id
     where c.workspace_id = $1 and ($4::text is null or c.status = $4)
     order by at desc nulls last, c.id desc`,
    [workspaceId, words.map((w) => `%${w}%`), patterns, status ?? null],
  );
  const found = await pool.query<{ id: string }>(
    `select c.id from conversations c join contacts ct on ct.id = c.contact_id
     where c.id = any($1::uuid[]) and ((ct.name || ' ' || coalesce(ct.username, '')) ilike all ($2::text[])
       or exists (select 1 from messages m where m.conversation_id = c.id and m.content ~* all ($3::text[])))`,
    [rows.map((r) => r.id), words.map((w) => `%${w}%`), patterns],
  );
  const matching = new Set(found.rows.map((r) => r.id));
  return rows.map((r) => r.id).filter((id) => matching.has(id));
}

/** Every page of a search through its cursor: the conversations in page order, repeats included. */
async function walk(text: string, limit: number, status?: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: { ts: string; id: string } | undefined;
  let pages = 0;
  for (;;) {
    const page = await searchConversations(pool, workspaceId, { text, filter: conversationFilterSql({ status }), cursor, limit });
    pages++;
    expect(page.conversations.length).toBeLessThanOrEqual(limit);
    ids.push(...page.conversations.map((c) => c.id));
    if (!page.nextCursor) break;
    const [ts, id] = Buffer.from(page.nextCursor, 'base64url').toString().split('|');
    cursor = { ts: ts!, id: id! };
    if (pages > 500) throw new Error('the cursor does not advance');
  }
  return { ids, pages };
}

describe('every page of a search, against a brute force', () => {
  it.each([
    ['a common word', 'plain', 50],
    ['a common word, small pages', 'plain', 7],
    ['a word in ~3 % of messages', 'medium', 9],
    ['a rare word', 'rare', 5],
    ['a scarce word, through windows of time', 'scarce', 6],
    ['a prefix of two rare words', 'rar', 4],
    ['a word found once, in the long thread', 'lonely', 3],
    ['a name shared by 50 conversations', 'ana rivera', 6],
    ['a name and a message word', 'quill', 5],
    ['two whole words in one message', 'hello medium', 8],
  ])('%s: %s', async (_what, text, limit) => {
    const expected = await bruteForce(text);
    expect(expected.length).toBeGreaterThan(0);
    const { ids, pages } = await walk(text, limit);
    expect(new Set(ids).size).toBe(ids.length); // none twice
    expect(ids).toEqual(expected); // none skipped, in order
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(expected.length / limit));
  });

  it('with a status filter', async () => {
    const expected = await bruteForce('rare', 'open');
    const { ids } = await walk('rare', 4, 'open');
    expect(ids).toEqual(expected);
  });

  it('the long thread is listed once, at its newest match', async () => {
    const thread = (await pool.query<{ id: string }>(`select id from conversations where workspace_id = $1 and external_user_id = 'u0'`, [workspaceId]))
      .rows[0]!.id;
    for (const word of ['rare', 'scarce']) {
      const { ids } = await walk(word, 3);
      expect(ids.filter((id) => id === thread)).toHaveLength(1);
    }
  });
});
