import type pg from 'pg';
import { cursorTs, encodeCursor } from '../../../db/pagination/keyset-cursor';
import { latencyStats, signIn, spawnServer, timeRequests } from '../bench-kit';

/**
 * /api/v1 list latency at 100,000 contacts, target p95 ≤ 50 ms per list: one workspace
 * seeded set-based in SQL (100,000 contacts on its Messenger sandbox account, a tenth tagged `vip`;
 * 5,000 conversations with 4 messages each; 3,000 leads), then each list read REQUESTS times one
 * after another with an API key over HTTP, on the real server: contacts (first page, a page 90,000
 * deep by cursor, a `q` search, a `tag` filter), conversations and leads, 50 a page.
 */
const CONTACTS = 100_000;
const CONVERSATIONS = 5_000;
const LEADS = 3_000;
const REQUESTS = 200;

export async function run(dbUrl: string, pool: pg.Pool) {
  const server = await spawnServer('all', { DATABASE_URL: dbUrl, API_KEY_REQUESTS_PER_MINUTE: '100000' });
  try {
    const { cookie, workspaceId } = await signIn(server.url);
    const account = (
      await pool.query<{ id: string; platform: string }>(`select id, platform from social_accounts where workspace_id = $1 and platform = 'facebook' limit 1`, [
        workspaceId,
      ])
    ).rows[0];
    if (!account) throw new Error('no sandbox Messenger account');
    const t0 = performance.now();
    await pool.query(
      `insert into contacts (workspace_id, account_id, external_user_id, name, username, tags, created_at)
       select $1, $2, 'u' || g, 'Person ' || g, 'person.' || g, case when g % 10 = 0 then array['vip'] else '{}'::text[] end,
              now() - make_interval(secs => g * 60)
       from generate_series(1, $3::int) g`,
      [workspaceId, account.id, CONTACTS],
    );
    await pool.query(
      `insert into conversations (workspace_id, account_id, contact_id, platform, customer_name, customer_username, external_user_id,
                                  last_message, last_message_time, status)
       select c.workspace_id, c.account_id, c.id, 'facebook', c.name, c.username, c.external_user_id, 'Do you ship to Lisbon?',
              now() - make_interval(secs => g * 30), (array['open','pending','closed'])[1 + g % 3]
       from generate_series(1, $2::int) g join contacts c on c.account_id = $3 and c.external_user_id = 'u' || g
       where c.workspace_id = $1`,
      [workspaceId, CONVERSATIONS, account.id],
    );
    await pool.query(
      `insert into messages (workspace_id, conversation_id, account_id, content, direction, status, source, created_at)
       select v.workspace_id, v.id, v.account_id, 'Message ' || k, case when k % 2 = 0 then 'inbound' else 'outbound' end, 'sent',
              case when k % 2 = 0 then 'contact' else 'flow' end, v.last_message_time - make_interval(secs => (3 - k) * 60)
       from conversations v cross join generate_series(0, 3) k where v.workspace_id = $1`,
      [workspaceId],
    );
    await pool.query(
      `insert into leads (workspace_id, name, email, source, created_at)
       select $1, 'Lead ' || g, 'lead' || g || '@example.com', 'manual', now() - make_interval(secs => g * 90) from generate_series(1, $2::int) g`,
      [workspaceId, LEADS],
    );
    await pool.query('vacuum analyze contacts, conversations, messages, leads');
    const seedSeconds = (performance.now() - t0) / 1000;

    const made = await fetch(`${server.url}/api/api-keys`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ name: 'Bench', scopes: ['contacts:read', 'conversations:read', 'leads:read'] }),
    });
    const { key } = (await made.json()) as { key: string };
    if (made.status !== 201 || !key) throw new Error(`api key: ${made.status}`);

    // The cursor a client would hold after paging 90,000 contacts in.
    const deep = (
      await pool.query<{ ts: string; id: string }>(
        `select ${cursorTs('created_at')} as ts, id from contacts where workspace_id = $1 order by created_at desc, id desc offset 90000 limit 1`,
        [workspaceId],
      )
    ).rows[0]!;
    const lists: Record<string, string> = {
      'contacts first page': '/contacts',
      'contacts 90,000 deep': `/contacts?cursor=${encodeCursor(deep.ts, deep.id)}`,
      'contacts q= search': '/contacts?q=person.4242',
      'contacts tag= filter': '/contacts?tag=vip',
      conversations: '/conversations',
      leads: '/leads',
    };
    const latency: Record<string, ReturnType<typeof latencyStats> & { rows: number }> = {};
    for (const [name, path] of Object.entries(lists)) {
      let rows = 0;
      const get = async () => {
        const res = await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
        const body = (await res.json()) as { data?: unknown[] };
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
        rows = body.data?.length ?? 0;
      };
      for (let i = 0; i < 10; i++) await get(); // warm-up: connections, plans, caches
      const run = await timeRequests(get, { count: REQUESTS });
      latency[name] = { ...latencyStats(run.ms), rows };
      console.log(`${name}: ${JSON.stringify(latency[name])}`);
    }
    const worstP95 = Math.max(...Object.values(latency).map((l) => l.p95));
    const result = {
      contacts: CONTACTS,
      conversations: CONVERSATIONS,
      messages: CONVERSATIONS * 4,
      leads: LEADS,
      seedSeconds: +seedSeconds.toFixed(1),
      requestsPerList: REQUESTS,
      latencyMs: latency,
      worstP95,
      target: 'p95 ≤ 50 ms on every list',
      met: worstP95 <= 50 && Object.values(latency).every((l) => l.rows > 0),
    };
    console.log('v1-lists:', result);
    return result;
  } finally {
    await server.stop();
  }
}
