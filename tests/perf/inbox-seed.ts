import type pg from 'pg';

/**
 * The inbox benchmark's data, set-based (generate_series, no row-by-row inserts): one workspace with
 * `messages` messages in `messages / 10` conversations, one of them a thread of `messages / 100`.
 *
 * Text: a vocabulary of 50,000 words (the 40 commonest are everyday ones: "hi", "price", …; the rest
 * syllable words such as "kalomi") drawn with Zipf's law into `messages / 10` sentences of 3–14 words
 * that the messages reuse, so word frequencies span 40 % of messages down to about 0.001 %: rank r is
 * in ≈ 0.75 / r of messages, so ranks ≥ 1,000 are in at most ~0.1 %. Names: 100 first × 200 last
 * names (20,000 full names, each about `messages / 200,000` conversations), handles
 * `first.last<n>` (n < 1000).
 *
 * Time: conversations start 30 s apart going back from now (a year at 1M) with a message every
 * 2 h; the long thread has one every 300 s over the whole year and its last one now. Rows are
 * inserted in time order so the heap is ordered as a live table's is. Triggers are off while seeding (the analytics rollups
 * are not what the benchmark reads); the indexes are dropped and rebuilt around the load, exactly as
 * the migrations define them (read back from the catalog), which is faster than maintaining them.
 */
export interface InboxScale {
  messages: number;
  conversations: number;
  bigThread: number;
}

export function inboxScale(messages: number): InboxScale {
  return { messages, conversations: Math.round(messages / 10), bigThread: Math.round(messages / 100) };
}

const VOCABULARY = 50_000;
const COMMON = [
  'hi',
  'hello',
  'price',
  'thanks',
  'please',
  'how',
  'much',
  'is',
  'it',
  'the',
  'link',
  'yes',
  'info',
  'send',
  'me',
  'order',
  'size',
  'shipping',
  'available',
  'love',
  'want',
  'buy',
  'when',
  'where',
  'discount',
  'code',
  'color',
  'help',
  'today',
  'free',
  'delivery',
  'stock',
  'store',
  'question',
  'thank',
  'you',
  'great',
  'nice',
  'cool',
  'ok',
];
const FIRST = [
  'Maya',
  'Liam',
  'Noah',
  'Emma',
  'Olivia',
  'Ava',
  'Sophia',
  'Isabella',
  'Mia',
  'Amelia',
  'Harper',
  'Evelyn',
  'Abigail',
  'Emily',
  'Ella',
  'Elizabeth',
  'Camila',
  'Luna',
  'Sofia',
  'Avery',
  'Mila',
  'Aria',
  'Scarlett',
  'Penelope',
  'Layla',
  'Chloe',
  'Victoria',
  'Madison',
  'Eleanor',
  'Grace',
  'Nora',
  'Riley',
  'Zoey',
  'Hannah',
  'Hazel',
  'Lily',
  'Ellie',
  'Violet',
  'Lillian',
  'Zoe',
  'Stella',
  'Aurora',
  'Natalie',
  'Emilia',
  'Everly',
  'Leah',
  'Aubrey',
  'Willow',
  'Addison',
  'Lucy',
  'Oliver',
  'Elijah',
  'James',
  'William',
  'Benjamin',
  'Lucas',
  'Henry',
  'Theodore',
  'Jack',
  'Levi',
  'Alexander',
  'Jackson',
  'Mateo',
  'Daniel',
  'Michael',
  'Mason',
  'Sebastian',
  'Ethan',
  'Logan',
  'Owen',
  'Samuel',
  'Jacob',
  'Asher',
  'Aiden',
  'John',
  'Joseph',
  'Wyatt',
  'David',
  'Leo',
  'Luke',
  'Julian',
  'Hudson',
  'Grayson',
  'Matthew',
  'Ezra',
  'Gabriel',
  'Carter',
  'Isaac',
  'Jayden',
  'Luca',
  'Anthony',
  'Dylan',
  'Lincoln',
  'Thomas',
  'Maverick',
  'Elias',
  'Josiah',
  'Charles',
  'Caleb',
  'Christopher',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gomez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
  'Stewart',
  'Morris',
  'Morales',
  'Murphy',
  'Cook',
  'Rogers',
  'Gutierrez',
  'Ortiz',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ramos',
  'Kim',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Chavez',
  'Wood',
  'James',
  'Bennett',
  'Gray',
  'Mendoza',
  'Ruiz',
  'Hughes',
  'Price',
  'Alvarez',
  'Castillo',
  'Sanders',
  'Patel',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'Jimenez',
  'Powell',
  'Jenkins',
  'Perry',
  'Russell',
  'Sullivan',
  'Bell',
  'Coleman',
  'Butler',
  'Henderson',
  'Barnes',
  'Gonzales',
  'Fisher',
  'Vasquez',
  'Simmons',
  'Romero',
  'Jordan',
  'Patterson',
  'Alexander',
  'Hamilton',
  'Graham',
  'Reynolds',
  'Griffin',
  'Wallace',
  'Moreno',
  'West',
  'Cole',
  'Hayes',
  'Bryant',
  'Herrera',
  'Gibson',
  'Ellis',
  'Tran',
  'Medina',
  'Aguilar',
  'Stevens',
  'Murray',
  'Ford',
  'Castro',
  'Marshall',
  'Owens',
  'Harrison',
  'Fernandez',
  'McDonald',
  'Woods',
  'Washington',
  'Kennedy',
  'Wells',
  'Vargas',
  'Henry',
  'Chen',
  'Freeman',
  'Webb',
  'Tucker',
  'Guzman',
  'Burns',
  'Crawford',
  'Olson',
  'Simpson',
  'Porter',
  'Hunter',
  'Gordon',
  'Mendez',
  'Silva',
  'Shaw',
  'Snyder',
  'Mason',
  'Dixon',
  'Munoz',
  'Hunt',
  'Hicks',
  'Holmes',
  'Palmer',
  'Wagner',
  'Black',
  'Robertson',
  'Boyd',
  'Rose',
  'Stone',
  'Salazar',
  'Fox',
  'Warren',
  'Mills',
  'Meyer',
  'Rice',
  'Schmidt',
  'Garza',
  'Daniels',
  'Ferguson',
  'Nichols',
  'Stephens',
  'Soto',
  'Weaver',
  'Ryan',
  'Gardner',
  'Payne',
  'Grant',
  'Dunn',
];
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'ti',
  'vo',
  'ba',
  'de',
  'fi',
  'go',
  'hu',
  'ja',
  'ke',
  'li',
  'mo',
  'nu',
  'pa',
  're',
  'si',
  'to',
  'vu',
  'ze',
];

const sqlArray = (xs: string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

/** Vocabulary rank r as a word: a common word, else r in base 24 spelled with syllables. */
const wordSql = (r: string) => `case when ${r} <= ${COMMON.length} then (${sqlArray(COMMON)})[${r}] else
  (select string_agg((${sqlArray(SYLLABLES)})[1 + (${r} / (24 ^ d)::int) % 24], '' order by d)
   from generate_series(0, case when ${r} < 576 then 1 when ${r} < 13824 then 2 else 3 end) d) end`;

/** The vocabulary rank of a word the generator made (the benchmark picks query words by frequency). */
export async function vocabularyWord(pool: pg.Pool, rank: number): Promise<string> {
  return (await pool.query<{ w: string }>(`select ${wordSql('$1::int')} as w`, [rank])).rows[0]!.w;
}

export const FIRST_NAMES = FIRST;
export const LAST_NAMES = LAST;

/** A handle the generator gave conversation g (g from 1, newest first). */
// Names and handles by a hash of g, so a name is spread over time like real customers'.
const firstSql = (g: string) => `(${sqlArray(FIRST)})[1 + abs(hashint4(${g})) % ${FIRST.length}]`;
const lastSql = (g: string) => `(${sqlArray(LAST)})[1 + abs(hashint4(${g} * 7 + 3)) % ${LAST.length}]`;
export const handleSql = (g: string) => `lower(${firstSql(g)}) || '.' || lower(${lastSql(g)}) || (abs(hashint4(-${g})) % 1000)::text`;
const nameSql = (g: string) => `${firstSql(g)} || ' ' || ${lastSql(g)}`;

export interface Seeded {
  bigConversationId: string;
  seconds: { sentences: number; conversations: number; messages: number; indexes: number };
  /** Each index's build after the load, seconds (what a migration adding it would take at this size). */
  indexBuildSeconds: Record<string, number>;
}

export async function seedInbox(
  pool: pg.Pool,
  ids: { workspaceId: string; accountId: string },
  scale: InboxScale,
  log: (m: string) => void = console.log,
): Promise<Seeded> {
  const client = await pool.connect();
  const timed = async (label: string, sql: string, params: unknown[] = []) => {
    const t0 = performance.now();
    await client.query(sql, params);
    const s = (performance.now() - t0) / 1000;
    log(`  ${label}: ${s.toFixed(1)} s`);
    return s;
  };
  try {
    await client.query(`set session_replication_role = replica; set maintenance_work_mem = '1GB'; set work_mem = '256MB'`);
    const sentences = Math.max(1000, Math.round(scale.messages / 10));
    const t0 = performance.now();
    await timed(
      'vocabulary',
      `drop table if exists bench_vocab; create unlogged table bench_vocab as select r, ${wordSql('r')} as w from generate_series(1, ${VOCABULARY}) r;
       alter table bench_vocab add primary key (r)`,
    );
    // Zipf: a rank drawn as floor(V^u) for uniform u is ∝ 1/r.
    await timed(
      'sentences',
      `drop table if exists bench_sentences;
       create unlogged table bench_sentences as
       select s, (select string_agg(v.w, ' ' order by d.k)
                  from (select k, least(${VOCABULARY}, floor(exp(random() * ln(${VOCABULARY} + 1)))::int) as r from generate_series(1, 3 + (s * 7) % 12) k) d
                  join bench_vocab v on v.r = d.r) as text
       from generate_series(0, ${sentences - 1}) s;
       alter table bench_sentences add primary key (s)`,
    );
    const sentenceSeconds = (performance.now() - t0) / 1000;

    // The migrated indexes of the three tables, dropped now and rebuilt after the load.
    // (with any column's statistics target, e.g. contacts_name_trgm_idx's)
    const { rows: indexDefs } = await client.query<{ name: string; def: string }>(
      `select i.relname as name, pg_get_indexdef(x.indexrelid) || coalesce((
                select string_agg(format('; alter index %I alter column %s set statistics %s', i.relname, a.attnum, a.attstattarget), '')
                from pg_attribute a where a.attrelid = i.oid and coalesce(a.attstattarget, -1) >= 0), '') as def
       from pg_index x join pg_class i on i.oid = x.indexrelid
       where x.indrelid in ('messages'::regclass, 'conversations'::regclass, 'contacts'::regclass) and not x.indisprimary
         and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`,
    );
    for (const d of indexDefs) await client.query(`drop index ${d.name}`);

    // Conversation g (from 2) starts 30·g seconds before T0 and has a message every 2 hours, 9 or
    // 10 of them (9.9 on average), those not yet due at T0 left out: the conversations of the last
    // ~20 hours are still going, so messages arrive at a steady rate up to T0 as in a live inbox.
    // Conversation 1 is the long thread: a message every 300 s back from T0 (its last at T0).
    const T0 = (await client.query<{ t: Date }>('select now() as t')).rows[0]!.t;
    const span = 30;
    const every = 7200;
    const bigStep = Math.round((scale.conversations * span) / scale.bigThread);
    const last = (g: string) => `least(case when ${g} % 10 = 0 then 8 else 9 end, floor(${g} * ${span} / ${every})::int)`;
    let conversationSeconds = await timed(
      `${scale.conversations.toLocaleString()} contacts`,
      `insert into contacts (workspace_id, account_id, external_user_id, name, username, created_at)
       select $1, $2, 'u' || g, ${nameSql('g')}, ${handleSql('g')}, $4::timestamptz - make_interval(secs => g * ${span}) - interval '1 day'
       from generate_series(1, $3::int) g`,
      [ids.workspaceId, ids.accountId, scale.conversations, T0],
    );
    conversationSeconds += await timed(
      `${scale.conversations.toLocaleString()} conversations`,
      `insert into conversations (workspace_id, account_id, contact_id, platform, customer_name, customer_username, external_user_id,
                                  last_message, last_message_time, status, created_at)
       select c.workspace_id, c.account_id, c.id, 'facebook', c.name, c.username, c.external_user_id, s.text,
              case when x.g = 1 then $3::timestamptz else $3::timestamptz - make_interval(secs => x.g * ${span} - ${last('x.g')} * ${every}) end,
              (array['open','pending','closed'])[1 + x.g % 3], $3::timestamptz - make_interval(secs => x.g * ${span})
       from contacts c cross join lateral (select substring(c.external_user_id from 2)::int as g) x
       join bench_sentences s on s.s = case when x.g = 1 then 0 else (x.g * 13 + ${last('x.g')} * 7919) % $2 end
       where c.account_id = $1 order by x.g desc`,
      [ids.accountId, sentences, T0],
    );
    await client.query(
      `drop table if exists bench_conv; create temp table bench_conv as
       select substring(external_user_id from 2)::int as g, id from conversations where account_id = '${ids.accountId}';
       alter table bench_conv add primary key (g)`,
    );
    const bigConversationId = (await client.query<{ id: string }>(`select id from bench_conv where g = 1`)).rows[0]!.id;

    // A chunk of conversations at a time, oldest first, with the long thread's messages of the same
    // stretch of time, each chunk in time order: the heap ends up in time order as a live table's.
    let messageSeconds = 0;
    const chunk = 50_000;
    for (let to = scale.conversations; to >= 2; to -= chunk) {
      const from = Math.max(2, to - chunk + 1);
      messageSeconds += await timed(
        `messages of conversations ${from.toLocaleString()}–${to.toLocaleString()} and the long thread's of that time`,
        `insert into messages (workspace_id, conversation_id, account_id, content, direction, status, source, created_at)
         select $1, id, $2, text, case when n % 2 = 0 then 'inbound' else 'outbound' end, 'sent',
                case when n % 2 = 0 then 'contact' else 'flow' end, at
         from (
           select c.id, c.g + k as n, s.text, $6::timestamptz - make_interval(secs => c.g * ${span} - k * ${every}) as at
           from bench_conv c
           cross join generate_series(0, ${last('c.g')}) k
           join bench_sentences s on s.s = (c.g * 13 + k * 7919) % $3
           where c.g between $4 and $5
           union all
           select $7::uuid, k, s.text, $6::timestamptz - make_interval(secs => k * ${bigStep})
           from generate_series(0, $8 - 1) k join bench_sentences s on s.s = (k * 7919) % $3
           where (k * ${bigStep} >= ($4 - 1) * ${span} or $4 = 2) and (k * ${bigStep} < $5 * ${span} or $5 = ${scale.conversations})
         ) x order by at`,
        [ids.workspaceId, ids.accountId, sentences, from, to, T0, bigConversationId, scale.bigThread],
      );
    }

    let indexSeconds = 0;
    const indexBuildSeconds: Record<string, number> = {};
    for (const d of indexDefs) {
      indexBuildSeconds[d.name] = +(await timed(`index ${d.name}`, d.def)).toFixed(1);
      indexSeconds += indexBuildSeconds[d.name]!;
    }
    indexSeconds += await timed('vacuum analyze', 'vacuum analyze contacts, conversations, messages');
    return {
      bigConversationId,
      seconds: { sentences: sentenceSeconds, conversations: conversationSeconds, messages: messageSeconds, indexes: indexSeconds },
      indexBuildSeconds,
    };
  } finally {
    await client.query('reset session_replication_role').catch(() => {});
    client.release();
  }
}
