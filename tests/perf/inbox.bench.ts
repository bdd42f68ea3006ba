import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { conversationFilterSql } from '../../db/inbox/conversation-row';
import { listConversations, listMessages } from '../../db/inbox/read-inbox';
import { searchConversations } from '../../db/inbox/search-conversations';
import { cursorTs, parseCursor } from '../../db/pagination/keyset-cursor';
import { benchDatabase, latencyStats, machine, root, signIn, spawnServer, writeResult } from './bench-kit';
import { INSERT_MESSAGES_FUNCTION, measureInsertCost } from './inbox-insert-cost';
import { inboxScale, seedInbox, vocabularyWord } from './inbox-seed';

/**
 * Targets: with 10M messages in 1M conversations in one workspace, the conversation
 * list and a thread page answer at p95 ≤ 75 ms through the API at any depth (keyset, never OFFSET),
 * and the inbox search (names, handles, words in ≤ 0.1 % of messages) at p95 ≤ 100 ms; a common
 * word returns its newest 50 matches. Data: tests/perf/inbox-seed.ts. Plans: inbox-explain.txt.
 *
 * BENCH_INBOX_MESSAGES sets the scale (default 10,000,000; conversations are a tenth). BENCH_NOTE
 * is written into the results (say so when the machine was shared). BENCH_INBOX_REWRITE=1 also
 * times the migration's table rewrite (dropping and re-adding messages.search) at this size.
 */
const scale = inboxScale(Number(process.env.BENCH_INBOX_MESSAGES ?? 10_000_000));
const LIST_PAGE = 50;
const THREAD_PAGE = 100;

// A real install of this size would give PostgreSQL a real share of memory; the rest is default.
const { db, pool, stop } = await benchDatabase({ shared_buffers: '2GB' });
try {
  const server = await spawnServer('web', { DATABASE_URL: db.url });
  const { cookie, workspaceId } = await signIn(server.url);
  const get = async (p: string) => {
    const t0 = performance.now();
    const res = await fetch(server.url + p, { headers: { cookie } });
    const body = (await res.json()) as { nextCursor: string | null; conversations?: unknown[] };
    if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
    return { ms: performance.now() - t0, body };
  };
  await get('/api/social-accounts'); // creates the sandbox accounts
  const accountId = (await pool.query<{ id: string }>("select id from social_accounts where workspace_id = $1 and platform = 'facebook'", [workspaceId]))
    .rows[0]!.id;

  console.log(`seeding ${scale.messages.toLocaleString()} messages in ${scale.conversations.toLocaleString()} conversations`);
  const t = performance.now();
  const seeded = await seedInbox(pool, { workspaceId, accountId }, scale);
  const seedSeconds = (performance.now() - t) / 1000;
  const totalMessages = Number((await pool.query<{ n: string }>('select count(*) as n from messages where workspace_id = $1', [workspaceId])).rows[0]!.n);
  console.log(`seeded ${totalMessages.toLocaleString()} messages in ${seedSeconds.toFixed(0)} s`);

  // 1. The whole conversation list, page by page, and the long thread back to its start.
  const walk = async (first: string, next: (cursor: string) => string) => {
    const ms: number[] = [];
    let r = await get(first);
    ms.push(r.ms);
    while (r.body.nextCursor) {
      r = await get(next(r.body.nextCursor));
      ms.push(r.ms);
    }
    return ms;
  };
  const listMs = await walk(`/api/conversations?limit=${LIST_PAGE}`, (c) => `/api/conversations?limit=${LIST_PAGE}&cursor=${c}`);
  console.log(`list: ${listMs.length} pages, p95 ${latencyStats(listMs).p95} ms`);
  const thread = `/api/conversations/${seeded.bigConversationId}/messages?limit=${THREAD_PAGE}`;
  const threadMs = await walk(thread, (c) => `${thread}&before=${c}`);
  console.log(`thread: ${threadMs.length} pages, p95 ${latencyStats(threadMs).p95} ms`);
  const pending: number[] = [];
  for (let i = 0; i < 30; i++) pending.push((await get(`/api/conversations?status=pending&limit=${LIST_PAGE}`)).ms);

  // 2. Search. The mix: full names, handles, and words from the vocabulary's long tail (ranks
  // 1,000–40,000, spread evenly on a log scale: each in at most ~0.1 % of messages, counted below).
  const sample = await pool.query<{ customer_name: string; customer_username: string }>(
    `select customer_name, customer_username from conversations where workspace_id = $1 order by hashint4(abs(hashtext(id::text))) limit 30`,
    [workspaceId],
  );
  const words: string[] = [];
  for (let i = 0; i < 30; i++) words.push(await vocabularyWord(pool, Math.round(1000 * 40 ** (i / 29))));
  const share = async (word: string) =>
    Number((await pool.query<{ n: string }>('select count(*) as n from messages where search @@ $1::tsquery', [`'${word}'`])).rows[0]!.n) / totalMessages;
  const wordShares = await Promise.all(words.map(async (w) => ({ word: w, percentOfMessages: +((await share(w)) * 100).toFixed(4) })));
  const mix = [
    ...sample.rows.map((r) => ({ kind: 'name', q: r.customer_name })),
    ...sample.rows.map((r) => ({ kind: 'handle', q: r.customer_username })),
    ...words.map((w) => ({ kind: 'word', q: w })),
  ];
  const searchMs: Record<string, number[]> = { name: [], handle: [], word: [] };
  const nextPageMs: Record<string, number[]> = { name: [], handle: [], word: [] };
  const deeperMs: number[] = [];
  let found = 0;
  for (let pass = 0; pass < 2; pass++) {
    for (const { kind, q } of mix) {
      let r = await get(`/api/conversations?limit=${LIST_PAGE}&search=${encodeURIComponent(q)}`);
      searchMs[kind]!.push(r.ms);
      found += r.body.conversations?.length ?? 0;
      // On the second pass, page 2 of every search that has one, and pages 3–5.
      for (let page = 2; pass === 1 && page <= 5 && r.body.nextCursor; page++) {
        r = await get(`/api/conversations?limit=${LIST_PAGE}&search=${encodeURIComponent(q)}&cursor=${r.body.nextCursor}`);
        (page === 2 ? nextPageMs[kind]! : deeperMs).push(r.ms);
      }
    }
  }
  const allNext = [...nextPageMs.name!, ...nextPageMs.handle!, ...nextPageMs.word!];
  const allSearch = [...searchMs.name!, ...searchMs.handle!, ...searchMs.word!];
  console.log(`search mix: ${allSearch.length} first pages, p95 ${latencyStats(allSearch).p95} ms (${found} conversations found)`);
  console.log(
    `search mix: ${allNext.length} second pages, p95 ${latencyStats(allNext).p95} ms; ${deeperMs.length} pages 3–5, p95 ${latencyStats(deeperMs).p95} ms`,
  );
  // Common words (in ~5–40 % of messages): the newest 50, then 10 pages deep.
  const common = ['hi', 'hello', 'price', 'thanks', 'link'];
  const commonFirst: number[] = [];
  const commonDeeper: number[] = [];
  for (const word of common) {
    let r = await get(`/api/conversations?limit=${LIST_PAGE}&search=${word}`);
    commonFirst.push(r.ms);
    for (let p = 0; p < 10 && r.body.nextCursor; p++) {
      r = await get(`/api/conversations?limit=${LIST_PAGE}&search=${word}&cursor=${r.body.nextCursor}`);
      commonDeeper.push(r.ms);
    }
  }
  const commonShares = await Promise.all(common.map(async (w) => ({ word: w, percentOfMessages: +((await share(w)) * 100).toFixed(2) })));
  await server.stop();

  // 3. The plans, committed next to the numbers.
  const plans: string[] = [];
  const explain = async (label: string, sql: string, params: unknown[] = []) => {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params);
    plans.push(`-- ${label}\n${rows.map((x) => x['QUERY PLAN']).join('\n')}`);
  };
  // The statements the API runs (the same db/ functions, through a pool that records them), then
  // each through EXPLAIN with the same parameters.
  const recorded = async (label: string, run: (db: pg.Pool) => Promise<unknown>) => {
    const statements: { sql: string; params: unknown[] }[] = [];
    const recorder = {
      query: (sql: string, params: unknown[] = []) => {
        statements.push({ sql, params: [...params] });
        return pool.query(sql, params);
      },
    } as unknown as pg.Pool;
    await run(recorder);
    for (const [i, s] of statements.entries()) {
      const what = /\/\* inbox search: (.*?) \*\//.exec(s.sql)?.[1];
      await explain(`${label}, statement ${i + 1} of ${statements.length}${what ? `: ${what}` : ''}`, s.sql, s.params);
    }
  };
  const cursorAt = async (sql: string, params: unknown[]) => {
    const { rows } = await pool.query<{ ts: string; id: string }>(sql, params);
    return { ts: rows[0]!.ts, id: rows[0]!.id };
  };
  const depth = Math.round(scale.conversations * 0.99);
  const deep = await cursorAt(
    `select ${cursorTs('last_message_time')} as ts, id from conversations where workspace_id = $1 order by last_message_time desc, id desc offset $2 limit 1`,
    [workspaceId, depth],
  );
  await recorded(`conversation list (GET /api/conversations), a page ${depth.toLocaleString()} conversations deep (keyset)`, (db) =>
    listConversations(db, workspaceId, { cursor: deep, limit: LIST_PAGE }),
  );
  const threadDepth = Math.round(scale.bigThread * 0.97);
  const before = await cursorAt(
    `select ${cursorTs('created_at')} as ts, id from messages where conversation_id = $1 order by created_at desc, id desc offset $2 limit 1`,
    [seeded.bigConversationId, threadDepth],
  );
  await recorded(`thread page (GET /api/conversations/:id/messages), ~${threadDepth.toLocaleString()} messages deep (keyset; messages and comments)`, (db) =>
    listMessages(db, workspaceId, seeded.bigConversationId, { before, limit: THREAD_PAGE }),
  );
  // The search's first and second pages.
  const searchPages = async (label: string, text: string) => {
    const filter = conversationFilterSql({});
    await recorded(`search "${text}" (${label}), page 1`, (db) => searchConversations(db, workspaceId, { text, filter, limit: LIST_PAGE }));
    const first = await searchConversations(pool, workspaceId, { text, filter, limit: LIST_PAGE });
    const cursor = first.nextCursor ? parseCursor(first.nextCursor) : null;
    if (cursor) await recorded(`search "${text}" (${label}), page 2`, (db) => searchConversations(db, workspaceId, { text, filter, cursor, limit: LIST_PAGE }));
  };
  await searchPages('a word in the long tail', words[10]!);
  await searchPages('one of the rarest words of the mix', words[28]!);
  await searchPages('a common word', 'hello');
  await searchPages('a full name', sample.rows[0]!.customer_name);
  await writeFile(path.join(root, 'tests/perf/results/inbox-explain.txt'), `${plans.join('\n\n')}\n`);

  // 4. Sizes (before the insert measurements leave dead rows), and optionally the migration's rewrite.
  const size = async (rel: string) => Number((await pool.query<{ b: string }>('select pg_relation_size($1::regclass)::text as b', [rel])).rows[0]!.b);
  const mib = (b: number) => +(b / 2 ** 20).toFixed(1);
  const searchColumnBytes = Number(
    (await pool.query<{ b: string }>('select (avg(pg_column_size(search)) * count(*))::bigint::text as b from messages')).rows[0]!.b,
  );
  const sizes = {
    messagesHeapMiB: mib(await size('messages')),
    searchColumnMiB: mib(searchColumnBytes),
    searchGinMiB: mib(await size('messages_search_idx')),
    createdAtBrinKiB: +((await size('messages_created_brin')) / 1024).toFixed(0),
    workspaceRecentKeyMiB: mib(await size('messages_workspace_recent_key')),
    contactsNameTrigramsMiB: mib(await size('contacts_name_trgm_idx')),
  };
  // 5. What the search's index costs an insert.
  await pool.query(INSERT_MESSAGES_FUNCTION);
  const insertCost = await measureInsertCost(pool, { workspaceId, accountId, conversationId: seeded.bigConversationId }, { inserts: 20_000, rounds: 3 });
  console.table(insertCost);

  let rewriteSeconds: number | undefined;
  if (process.env.BENCH_INBOX_REWRITE === '1') {
    const t0 = performance.now();
    await pool.query(`alter table messages drop column search`);
    await pool.query(`alter table messages add column search tsvector generated always as (strip(to_tsvector('simple'::regconfig, content))) stored not null`);
    await pool.query(`create index messages_search_idx on messages using gin (search) with (fastupdate = true, gin_pending_list_limit = 512)`);
    rewriteSeconds = Math.round((performance.now() - t0) / 1000);
  }

  const lastTenth = (xs: number[]) => xs.slice(Math.floor(xs.length * 0.9));
  const result = {
    benchmark: 'inbox',
    date: new Date().toISOString(),
    machine: await machine(pool),
    ...(process.env.BENCH_NOTE ? { note: process.env.BENCH_NOTE } : {}),
    postgres: { shared_buffers: '2GB', otherwise: 'default settings' },
    data: {
      conversations: scale.conversations,
      messages: totalMessages,
      bigThreadMessages: scale.bigThread,
      seedSeconds: Math.round(seedSeconds),
      seedSteps: Object.fromEntries(Object.entries(seeded.seconds).map(([k, v]) => [k, Math.round(v)])),
      indexBuildSeconds: seeded.indexBuildSeconds,
    },
    conversationList: { pages: listMs.length, all: latencyStats(listMs), deepestTenth: latencyStats(lastTenth(listMs)) },
    pendingFirstPage: latencyStats(pending),
    thread: { pages: threadMs.length, all: latencyStats(threadMs), deepestTenth: latencyStats(lastTenth(threadMs)) },
    search: {
      mixFirstPage: {
        all: latencyStats(allSearch),
        names: latencyStats(searchMs.name!),
        handles: latencyStats(searchMs.handle!),
        words: latencyStats(searchMs.word!),
      },
      mixNextPage: {
        all: latencyStats(allNext),
        names: latencyStats(nextPageMs.name!),
        handles: latencyStats(nextPageMs.handle!),
        words: latencyStats(nextPageMs.word!),
      },
      mixPages3To5: latencyStats(deeperMs),
      wordShares,
      commonWords: { shares: commonShares, firstPage: latencyStats(commonFirst), next10Pages: latencyStats(commonDeeper) },
    },
    insertCost,
    sizes,
    ...(rewriteSeconds !== undefined ? { migrationRewriteSeconds: rewriteSeconds } : {}),
    target: { listAndThreadP95Ms: '<= 75 at any depth', searchP95Ms: '<= 100' },
    explain: 'tests/perf/results/inbox-explain.txt',
  };
  console.log(JSON.stringify(result, null, 2));
  await writeResult('inbox', result);
} finally {
  await stop();
}
