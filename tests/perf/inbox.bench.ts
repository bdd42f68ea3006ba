import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { benchDatabase, latencyStats, machine, root, signIn, spawnServer, timeRequests, writeResult } from './bench-kit';

/**
 * Target: with 1M messages / 100k conversations in one workspace, the conversation list and a
 * thread page answer at p95 ≤ 75 ms through the API at any page depth (keyset, never OFFSET).
 */
const CONVERSATIONS = 100_000;
const MESSAGES = 1_000_000;
const BIG_THREAD = 100_000; // one conversation holds 100k of the messages, to page deep inside a thread

const { db, pool, stop } = await benchDatabase();
try {
  const server = await spawnServer('web', { DATABASE_URL: db.url });
  const { cookie, workspaceId } = await signIn(server.url);
  const get = async (p: string) => {
    const t0 = performance.now();
    const res = await fetch(server.url + p, { headers: { cookie } });
    const body = (await res.json()) as { nextCursor: string | null };
    if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
    return { ms: performance.now() - t0, body };
  };
  await get('/api/social-accounts'); // creates the sandbox accounts
  const account = (await pool.query<{ id: string }>("select id from social_accounts where workspace_id = $1 and platform = 'facebook'", [workspaceId])).rows[0]!
    .id;

  let t = performance.now();
  await pool.query(
    `insert into contacts (workspace_id, account_id, external_user_id, name)
     select $1, $2, 'u' || g, 'Customer ' || g from generate_series(1, $3) g`,
    [workspaceId, account, CONVERSATIONS],
  );
  await pool.query(
    `insert into conversations (workspace_id, account_id, contact_id, platform, customer_name, external_user_id, last_message, last_message_time, status)
     select workspace_id, account_id, id, 'facebook', name, external_user_id, 'last message of ' || name,
            now() - (substring(external_user_id from 2)::int) * interval '7 seconds',
            (array['open','pending','closed'])[1 + substring(external_user_id from 2)::int % 3]
     from contacts where account_id = $1`,
    [account],
  );
  const bigConv = (await pool.query<{ id: string }>('select id from conversations where account_id = $1 order by last_message_time desc limit 1', [account]))
    .rows[0]!.id;
  await pool.query(
    `insert into messages (workspace_id, conversation_id, account_id, content, direction, source, created_at)
     select $1, $2, $3, 'message ' || g, case when g % 2 = 0 then 'inbound' else 'outbound' end, 'contact', now() - g * interval '1 second'
     from generate_series(1, $4) g`,
    [workspaceId, bigConv, account, BIG_THREAD],
  );
  await pool.query(
    `insert into messages (workspace_id, conversation_id, account_id, content, direction, source, created_at)
     select c.workspace_id, c.id, c.account_id, 'hello ' || g, 'inbound', 'contact', c.last_message_time - g * interval '1 minute'
     from conversations c cross join generate_series(1, $2) g where c.account_id = $1 and c.id <> $3`,
    [account, Math.ceil((MESSAGES - BIG_THREAD) / (CONVERSATIONS - 1)), bigConv],
  );
  await pool.query('analyze');
  const seedSeconds = (performance.now() - t) / 1000;
  const totalMessages = Number((await pool.query<{ n: string }>('select count(*) as n from messages')).rows[0]!.n);
  console.log(`seeded ${CONVERSATIONS} conversations, ${totalMessages} messages in ${seedSeconds.toFixed(0)} s`);

  // Walk the whole conversation list (2,000 pages of 50) and time every page.
  t = performance.now();
  const listMs: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const r: { ms: number; body: { nextCursor: string | null } } = await get(`/api/conversations?limit=50${cursor ? `&cursor=${cursor}` : ''}`);
    listMs.push(r.ms);
    cursor = r.body.nextCursor;
    pages++;
  } while (cursor);
  // Filtered lists (status, search) at the first page.
  const pending = await timeRequests(() => get('/api/conversations?status=pending&limit=50'), { count: 50 });
  const searched = await timeRequests((i) => get(`/api/conversations?search=Customer%20${9000 + i}&limit=50`), { count: 20 });
  const filteredMs = [...pending.ms, ...searched.ms];

  // Walk the 100k-message thread back to its start (1,000 pages of 100).
  const threadMs: number[] = [];
  let before: string | null = null;
  let threadPages = 0;
  do {
    const r: { ms: number; body: { nextCursor: string | null } } = await get(
      `/api/conversations/${bigConv}/messages?limit=100${before ? `&before=${before}` : ''}`,
    );
    threadMs.push(r.ms);
    before = r.body.nextCursor;
    threadPages++;
  } while (before);
  await server.stop();

  // The plans, committed next to the numbers.
  const deepCursor = (
    await pool.query<{ ts: string; id: string }>(
      `select to_char(last_message_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ts, id from conversations
     where workspace_id = $1 order by last_message_time desc, id desc offset 99000 limit 1`,
      [workspaceId],
    )
  ).rows[0]!;
  const explainList = await pool.query(
    `explain (analyze, buffers) select c.* from conversations c where c.workspace_id = $1 and (c.last_message_time, c.id) < ($2::timestamptz, $3::uuid)
     order by c.last_message_time desc, c.id desc limit 51`,
    [workspaceId, deepCursor.ts, deepCursor.id],
  );
  const explainThread = await pool.query(
    `explain (analyze, buffers) select m.* from messages m where m.workspace_id = $1 and m.conversation_id = $2
     and (m.created_at, m.id) < (now() - interval '27 hours', 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)
     order by m.created_at desc, m.id desc limit 101`,
    [workspaceId, bigConv],
  );
  const plan = (r: { rows: { 'QUERY PLAN': string }[] }) => r.rows.map((x) => x['QUERY PLAN']).join('\n');
  await writeFile(
    path.join(root, 'tests/perf/results/inbox-explain.txt'),
    `-- conversation list, page at depth 99,000 (keyset)\n${plan(explainList)}\n\n-- thread page ~97,000 messages deep (keyset)\n${plan(explainThread)}\n`,
  );

  const lastTenth = (xs: number[]) => xs.slice(Math.floor(xs.length * 0.9));
  const result = {
    benchmark: 'inbox',
    date: new Date().toISOString(),
    machine: await machine(pool),
    data: { conversations: CONVERSATIONS, messages: totalMessages, bigThreadMessages: BIG_THREAD, seedSeconds: Math.round(seedSeconds) },
    conversationList: { pages, all: latencyStats(listMs), deepestTenth: latencyStats(lastTenth(listMs)) },
    filteredFirstPages: latencyStats(filteredMs),
    thread: { pages: threadPages, all: latencyStats(threadMs), deepestTenth: latencyStats(lastTenth(threadMs)) },
    target: { p95Ms: '<= 75 at any depth' },
    explain: 'tests/perf/results/inbox-explain.txt',
  };
  console.log(JSON.stringify(result, null, 2));
  await writeResult('inbox', result);
} finally {
  await stop();
}
