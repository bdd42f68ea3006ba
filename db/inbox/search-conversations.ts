import type pg from 'pg';
import { z } from 'zod';
import type { ConversationsPage } from '../../contracts/inbox';
import { cursorTs, encodeCursor, type Cursor } from '../pagination/keyset-cursor';
import { conversationColumns, conversationRow, toConversation } from './conversation-row';

/**
 * The inbox's search box (docs/product-spec.md §5): conversations whose customer's name or handle
 * contains every word typed, or one of whose messages has every word (a single word as a prefix, so
 * typing "pri" finds "price"), newest match first. A conversation's match time is its last message's
 * for a name match, else its newest matching message's; the page shows that message.
 *
 * Pages are keyset pages like the list's (the same opaque cursor), over (match time, conversation
 * id); each conversation comes once over all pages: an older match of one listed already (it has a
 * match at or after the cursor, or its name matches) is left out. That check goes through the
 * conversation's own messages while the word is common (a newer match is near); where it is rare
 * (the windows below) through the word's matches since the cursor, read once: per conversation, a
 * long thread's thousands of messages since the cursor made a second page cost 300 ms at 10M.
 *
 * What it costs (tests/perf/results/README.md, inbox; plans in inbox-explain.txt), at 10M messages:
 * - names: pg_trgm on contacts (contacts_name_trgm_idx), the planner choosing between the trigram
 *   index (a rare name) and walking the recent conversations (a common one);
 * - words: a GIN index cannot say which matches are newest, and a word in 0.1 % of 10M messages has
 *   10,000 matches scattered over the table. So the newest PROBE_MESSAGES messages are read in time
 *   order first (a common word ends there), then windows of time going back, each 5× longer than
 *   the last, where the GIN's matches are intersected with the window's heap blocks (the BRIN on
 *   created_at) so only that window's matches are read: the reading stops at the first window that
 *   completes the page, so a word costs about what one page of it needs, whatever its frequency.
 *   A word common in the newest messages stops in time order; a rare one costs a few GIN lookups.
 * - several words are all whole words (a prefix is a GIN range scan that would gather every
 *   matching word's rows before the others narrow them); one word alone is also a prefix.
 */

export interface SearchFilter {
  /** SQL over the conversation `c` (status, platform, …) with its parameters numbered from `firstParam`. */
  conversationSql(firstParam: number): { sql: string; params: unknown[] };
}

/** The newest messages read in time order before any index: a word in ≥ ~1 % of them ends here. */
export const PROBE_MESSAGES = 5_000;
/** A query whose words are all shorter than trigrams (3 letters) looks through the names of this many newest conversations per page. */
export const PROBE_CONVERSATIONS = 2_000;
/** The probe stops at this many matching messages per conversation wanted (one thread can hold many). */
const PROBE_HITS_PER_ROW = 4;
/** Rounds of PROBE_MESSAGES while a word stays common (most of its matches in listed conversations). */
const PROBE_ROUNDS = 6;
/** Each window of time is this many times the one before. */
const WINDOW_GROWTH = 5;
const WINDOWS = 4;
/** On a later page, up to this many matches since the cursor are read to know which conversations were listed. */
const LISTED_MATCHES = 4_000;

interface Key {
  ts: string;
  id: string;
}
interface Item extends Key {
  matchId: string | null;
}
/** What a source found: every match with a key ≥ `until` (null: every match there is), newest first. */
interface Found {
  items: Item[];
  until: Key | null;
}

const after = (a: Key, b: Key) => a.ts > b.ts || (a.ts === b.ts && a.id > b.id);
const MAX_UUID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';
const MIN_UUID = '00000000-0000-0000-0000-000000000000';

/** Words of a search, lower-cased, at most 8 (the contract caps the text at 200 characters). */
export function searchWords(text: string): string[] {
  return text.toLowerCase().split(/\s+/u).filter(Boolean).slice(0, 8);
}

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * Words as a tsquery, lexemes made by the same parser as messages.search: every lexeme of $1 must
 * be in the message, and one starting with each lexeme of $2. Built from the lexemes' text (not
 * to_tsquery) so no word is re-parsed into a phrase.
 */
const TSQUERY_SQL = `/* inbox search: the words as a tsquery */ select nullif(concat_ws(' & ',
    (select string_agg('''' || replace(replace(l, '\\', '\\\\'), '''', '''''') || '''', ' & ')
       from unnest(tsvector_to_array(to_tsvector('simple'::regconfig, $1))) l),
    (select string_agg('''' || replace(replace(l, '\\', '\\\\'), '''', '''''') || ''':*', ' & ')
       from unnest(tsvector_to_array(to_tsvector('simple'::regconfig, $2))) l)), '')::tsquery::text as q`;

export async function searchConversations(
  db: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  q: { text: string; filter: SearchFilter; cursor?: Cursor | undefined; limit: number },
): Promise<ConversationsPage> {
  const words = searchWords(q.text);
  if (words.length === 0) return { conversations: [], nextCursor: null };
  // One word is a prefix (typing "pri" finds "price"); of several, each is a whole word: a prefix
  // is a GIN range scan that gathers every matching word's rows before anything else, which a common
  // prefix next to a rare word would pay for nothing.
  const [exact, prefix] = words.length === 1 ? ['', words[0]!] : [words.join(' '), ''];
  const tsq = (await db.query<{ q: string | null }>(TSQUERY_SQL, [exact, prefix])).rows[0]?.q ?? null;
  const want = q.limit + 1;
  const [names, messages] = await Promise.all([
    findByName(db, workspaceId, words, q, want),
    tsq ? findByMessage(db, workspaceId, tsq, words, q, want) : Promise.resolve<Found>({ items: [], until: null }),
  ]);

  // Every match newer than what both sources have looked through, one per conversation (its newest).
  const until = [names.until, messages.until].reduce<Key | null>((u, k) => (k && (!u || after(k, u)) ? k : u), null);
  const best = new Map<string, Item>();
  for (const item of [...names.items, ...messages.items]) {
    if (until && after(until, item)) continue;
    const seen = best.get(item.id);
    if (!seen || after(item, seen)) best.set(item.id, item);
  }
  const sorted = [...best.values()].sort((a, b) => (after(a, b) ? -1 : after(b, a) ? 1 : 0));
  const page = sorted.slice(0, q.limit);
  const last = page.at(-1);
  const next = sorted.length > q.limit && last ? last : until;
  return { conversations: await loadPage(db, workspaceId, page), nextCursor: next ? encodeCursor(next.ts, next.id) : null };
}

const keyRow = z.object({ id: z.string(), ts: z.string(), edge: z.boolean() });
const toItems = (rows: z.infer<typeof keyRow>[], matchId?: (i: number) => string | null): Item[] =>
  rows.filter((r) => !r.edge).map((r, i) => ({ id: r.id, ts: r.ts, matchId: matchId ? matchId(i) : null }));

/** Conversations whose contact's name or handle contains every word. */
async function findByName(
  db: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  words: string[],
  q: { filter: SearchFilter; cursor?: Cursor | undefined },
  want: number,
): Promise<Found> {
  const params: unknown[] = [workspaceId];
  const conv = conversationWhere(q, params);
  // The same expression as contacts_name_trgm_idx, one ILIKE per word.
  const name = words.map((w) => {
    params.push(likePattern(w));
    return `(ct.name || ' ' || coalesce(ct.username, '')) ilike $${params.length}`;
  });
  if (words.some((w) => w.length >= 3)) {
    // The planner picks: the trigram index for a rare name, the recent conversations for a common one.
    params.push(want);
    const { rows } = await db.query(
      `/* inbox search: names */ select c.id, ${cursorTs('c.last_message_time')} as ts, false as edge
       from conversations c join contacts ct on ct.id = c.contact_id
       where ${[...conv, ...name].join(' and ')}
       order by c.last_message_time desc, c.id desc limit $${params.length}`,
      params,
    );
    const items = toItems(z.array(keyRow).parse(rows));
    return { items, until: items.length >= want ? items[want - 1]! : null };
  }
  // Too short for trigrams: the names of the newest conversations only, a page of them at a time
  // (the contact is read with each, in the walk: a join after it would scan every contact).
  params.push(PROBE_CONVERSATIONS);
  const { rows } = await db.query(
    `/* inbox search: names of the newest conversations */ with probe as materialized (
       select c.id, c.last_message_time, ct.name, ct.username
       from conversations c join contacts ct on ct.id = c.contact_id where ${conv.join(' and ')}
       order by c.last_message_time desc, c.id desc limit $${params.length})
     select ct.id, ${cursorTs('ct.last_message_time')} as ts, false as edge from probe ct
     where ${name.join(' and ')}
     union all
     (select p.id, ${cursorTs('p.last_message_time')}, true from probe p
      where (select count(*) from probe) = $${params.length} order by p.last_message_time, p.id limit 1)`,
    params,
  );
  const parsed = z.array(keyRow).parse(rows);
  const edge = parsed.find((r) => r.edge);
  return { items: toItems(parsed), until: edge ? { ts: edge.ts, id: edge.id } : null };
}

/** The conversation filters and the cursor, over `c`; parameters appended to `params`. */
function conversationWhere(q: { filter: SearchFilter; cursor?: Cursor | undefined }, params: unknown[]): string[] {
  const where = ['c.workspace_id = $1'];
  const filter = q.filter.conversationSql(params.length + 1);
  if (filter.sql) where.push(filter.sql);
  params.push(...filter.params);
  if (q.cursor) {
    params.push(q.cursor.ts, q.cursor.id);
    where.push(`(c.last_message_time, c.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  return where;
}

const hitRow = z.object({ conversation_id: z.string(), message_id: z.string(), ts: z.string() });
type Hit = z.infer<typeof hitRow>;

/**
 * Conversations with a message matching `tsq`, each by its newest matching message, newest first:
 * the newest messages in time order (rounds of PROBE_MESSAGES while matches are common), then
 * windows of time further back through the GIN and the BRIN, until `want` conversations are found
 * or the messages run out. A conversation whose name matches, or with a match newer than the
 * cursor, was listed by that (on this page or an earlier one) and is left out here.
 */
async function findByMessage(
  db: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  tsq: string,
  words: string[],
  q: { filter: SearchFilter; cursor?: Cursor | undefined },
  want: number,
): Promise<Found> {
  const params: unknown[] = [workspaceId, tsq];
  const p = (value: unknown) => `$${params.push(value)}`;
  const filter = q.filter.conversationSql(params.length + 1);
  params.push(...filter.params);
  const conditions = [`m.search @@ $2::tsquery`];
  if (filter.sql) conditions.push(filter.sql);
  // Listed by its name (at its last message's time, newer than any of its messages).
  conditions.push(`not ((ct.name || ' ' || coalesce(ct.username, '')) ilike all (${p(words.map(likePattern))}::text[]))`);
  let older = '';
  let olderKeys = '';
  let notListed = '';
  if (q.cursor) {
    const [ts, id] = [`${p(q.cursor.ts)}::timestamptz`, `${p(q.cursor.id)}::uuid`];
    // Items are (match time, conversation id): older than the cursor is an older message, or one
    // at the cursor's time in a conversation after it; and the conversation has no match at or
    // after the cursor (there it was listed already).
    older = `and m.created_at <= ${ts} and (m.created_at, m.conversation_id) < (${ts}, ${id})`;
    // A superset of those in messages_workspace_recent_key alone (no conversation id): where the
    // rounds below only count messages, an index-only scan instead of 5,000 heap reads (47 ms at 10M).
    olderKeys = `and m.created_at <= ${ts}`;
    // Per match, through the conversation's own messages (messages_conversation_recent_idx): `offset 0`
    // keeps the planner from turning it into an anti-join that gathers every newer match of a common word.
    // A common word finds a newer match in a few of them; a rare one reads every message since the
    // cursor, which in a long thread is thousands (the windows below use the matches' set instead).
    notListed = `not exists (select 1 from messages n where n.conversation_id = m.conversation_id and n.created_at >= ${ts}
                   and (n.created_at, n.conversation_id) >= (${ts}, ${id}) and n.search @@ $2::tsquery offset 0)`;
  }
  const join = `join conversations c on c.id = m.conversation_id join contacts ct on ct.id = c.contact_id where`;
  const matching = `${join} ${[...conditions, ...(notListed ? [notListed] : [])].join(' and ')}`;
  const base = params.length;

  const newest = new Map<string, Hit>();
  const collect = (found: Hit[]) => {
    const sorted = [...found].sort((a, b) => (a.ts < b.ts ? 1 : a.ts > b.ts ? -1 : 0));
    for (const h of sorted) if (!newest.has(h.conversation_id)) newest.set(h.conversation_id, h);
  };
  const found = (until: Key | null): Found => ({
    items: [...newest.values()].map((h) => ({ id: h.conversation_id, ts: h.ts, matchId: h.message_id })),
    until,
  });

  // Rounds of the newest messages in time order, filtered, each stopping at K matches.
  const K = PROBE_HITS_PER_ROW * want;
  let edge: Hit | undefined;
  let start: string | undefined;
  let common = true;
  for (let round = 0; common && round < PROBE_ROUNDS; round++) {
    params.length = base;
    const past = edge
      ? ` and m.created_at <= ${p(edge.ts)}::timestamptz and (m.created_at, m.id) < ($${params.length}::timestamptz, ${p(edge.message_id)}::uuid)`
      : '';
    const newestFirst = `from messages m where m.workspace_id = $1 ${older}${past} order by m.created_at desc, m.id desc`;
    // The edge (the P-th) and the start counted in the superset: its P-th is no older than the
    // messages' P-th, so every message at or after it was read.
    const keysFirst = `from messages m where m.workspace_id = $1 ${olderKeys}${past} order by m.created_at desc, m.id desc`;
    const [P, Kp] = [p(PROBE_MESSAGES), p(K)];
    const probe = await db.query(
      `/* inbox search: the newest messages in time order */ (select m.conversation_id, m.id as message_id, ${cursorTs('m.created_at')} as ts, 'hit' as kind
        from (select m.id, m.conversation_id, m.created_at, m.search ${newestFirst} limit ${P}) m ${matching}
        order by m.created_at desc, m.id desc limit ${Kp})
       union all
       (select m.id, m.id, ${cursorTs('m.created_at')}, 'edge' ${keysFirst} offset ${P} - 1 limit 1)
       union all
       (select m.id, m.id, ${cursorTs('m.created_at')}, 'start' ${keysFirst} limit 1)`,
      params,
    );
    const rows = z.array(hitRow.extend({ kind: z.enum(['hit', 'edge', 'start']) })).parse(probe.rows);
    const hits = rows.filter((r) => r.kind === 'hit');
    start ??= rows.find((r) => r.kind === 'start')?.ts;
    collect(hits);
    // Read down to the K-th match (a common word: another round), or P messages, or all of them.
    // (The edge and start rows read the index only: their conversation_id column holds their id.)
    common = hits.length === K;
    edge = common ? hits.at(-1) : rows.find((r) => r.kind === 'edge');
    if (!edge || !start) return found(null);
    // Everything at or after the edge's time has been read, except the edge's own microsecond.
    if (newest.size >= want) return found({ ts: edge.ts, id: MAX_UUID });
  }
  if (!edge || !start) return found(null);

  // The word is rare here. On a later page, the conversations with a match at or after the cursor
  // (listed already) are those of its matches since then: read them once through the GIN and the
  // BRIN instead of through each match's conversation. Past LISTED_MATCHES of them, per match.
  let windowMatching = matching;
  params.length = base;
  if (q.cursor) {
    const { rows } = await db.query(
      `/* inbox search: the conversations listed before the cursor */ select coalesce(array_agg(distinct m.conversation_id), '{}') as ids, count(*)::int as n
       from (select m.conversation_id from messages m where m.workspace_id = $1 and m.search @@ $2::tsquery
             and m.created_at >= $3::timestamptz and (m.created_at, m.conversation_id) >= ($3::timestamptz, $4::uuid) limit $5) m`,
      [workspaceId, tsq, q.cursor.ts, q.cursor.id, LISTED_MATCHES + 1],
    );
    const listed = z.object({ ids: z.array(z.string()), n: z.number() }).parse(rows[0]);
    if (listed.n <= LISTED_MATCHES) windowMatching = `${join} ${[...conditions, `m.conversation_id <> all(${p(listed.ids)}::uuid[])`].join(' and ')}`;
  }
  const windowBase = params.length;

  // Windows of time older than the edge, each WINDOW_GROWTH times longer than the time the rounds
  // covered, then the rest: the GIN's matches AND the window's heap blocks (the BRIN on
  // created_at), so only the window's matching rows are read.
  const edgeAt = new Date(edge.ts).getTime();
  const probeMs = Math.max(1000, new Date(start).getTime() - edgeAt);
  let reach = probeMs;
  let upper: string | null = null; // the last window's lower bound: the next window ends there
  for (let w = 1; w <= WINDOWS; w++) {
    reach *= WINDOW_GROWTH;
    const from = w === WINDOWS ? null : new Date(edgeAt - reach).toISOString();
    params.length = windowBase;
    let window = upper
      ? `and m.created_at < ${p(upper)}::timestamptz`
      : `and m.created_at <= ${p(edge.ts)}::timestamptz and (m.created_at, m.id) < ($${params.length}::timestamptz, ${p(edge.message_id)}::uuid)`;
    if (from) window += ` and m.created_at >= ${p(from)}::timestamptz`;
    // The rest (no lower bound) is the GIN alone: the BRIN's bitmap of most of the table costs more
    // (20 ms at 10M) than reading the few matches a word that got this far has left; `offset 0`
    // keeps the time conditions out of the scan.
    const scan = from
      ? `from messages m where m.workspace_id = $1 and m.search @@ $2::tsquery ${older} ${window}`
      : `from (select m.id, m.conversation_id, m.created_at from messages m where m.workspace_id = $1 and m.search @@ $2::tsquery offset 0) m
         where true ${older} ${window}`;
    const { rows } = await db.query(
      `/* inbox search: a window of time, GIN and BRIN */ with hits as materialized (select m.id, m.conversation_id, m.created_at ${scan})
       select m.conversation_id, m.id as message_id, ${cursorTs('m.created_at')} as ts
       from hits h join messages m on m.id = h.id ${windowMatching}`,
      params,
    );
    collect(z.array(hitRow).parse(rows));
    if (!from) break;
    if (newest.size >= want) return found({ ts: cursorText(from), id: MIN_UUID });
    upper = from;
  }
  return found(null);
}

/** A JavaScript ISO time as the cursor prints PostgreSQL's (microseconds). */
const cursorText = (iso: string) => iso.replace(/\.(\d{3})Z$/, '.$1000Z');

/** The page's conversations in order, with the message each was found by. */
async function loadPage(db: Pick<pg.Pool, 'query'>, workspaceId: string, page: Item[]) {
  if (page.length === 0) return [];
  const { rows } = await db.query(
    `/* inbox search: the page */ select ${conversationColumns}, mm.id as match_id, left(mm.content, 280) as match_text, mm.created_at as match_at
     from unnest($2::uuid[], $3::uuid[]) with ordinality x(id, match_id, n)
     join conversations c on c.id = x.id and c.workspace_id = $1
     left join messages mm on mm.id = x.match_id and mm.workspace_id = $1
     order by x.n`,
    [workspaceId, page.map((i) => i.id), page.map((i) => i.matchId)],
  );
  const row = conversationRow.extend({ match_id: z.string().nullable(), match_text: z.string().nullable(), match_at: z.date().nullable() });
  return z
    .array(row)
    .parse(rows)
    .map((r) => ({
      ...toConversation(r),
      match: r.match_id && r.match_text !== null && r.match_at ? { messageId: r.match_id, text: r.match_text, createdAt: r.match_at.toISOString() } : null,
    }));
}
