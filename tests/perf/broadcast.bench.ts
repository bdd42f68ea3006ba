import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { dispatchBroadcast } from '../../db/broadcasts/dispatch-broadcast';
import { audienceSql } from '../../db/broadcasts/audience';
import { defaultSendLimits } from '../../contracts/inbound';
import { broadcastSegmentSchema } from '../../contracts/broadcasts';
import { benchDatabase, latencyStats, machine, root, signIn, spawnServer, timeRequests, writeResult } from './bench-kit';

/**
 * Targets, with 100,000 contacts in one workspace:
 * (a) POST /api/broadcasts/audience (the compose form's audience / window split) at p95 ≤ 200 ms
 *     over 100 calls spread across several segments;
 * (b) a 100,000-recipient broadcast "fully queued" in ≤ 10 s. The dispatcher deliberately queues
 *     sends only `lookaheadMs` (5 s) ahead of their rate-limit slot (so a pause takes the rest back),
 *     and Instagram's 100 DMs/s makes the last slot ~1,000 s away, so "fully queued" is measured as
 *     what makes the broadcast exactly-once: every recipient has its durable `broadcast_recipients`
 *     row (unique per broadcast and contact), from POST /start through the real worker. Reported
 *     apart: how fast the dispatcher then writes ledger rows + outbound.send jobs when nothing holds
 *     it back (lookahead unbounded, in this process, 60 s at most).
 */
const CONTACTS = 100_000;
const AUDIENCE_CALLS = 100;

const loadAverageAtStart = os.loadavg().map((l) => +l.toFixed(1));
const { db, pool, stop } = await benchDatabase();
try {
  const server = await spawnServer('all', { DATABASE_URL: db.url });
  const { cookie, workspaceId } = await signIn(server.url);
  const api = async (method: string, p: string, body?: unknown) => {
    const t0 = performance.now();
    const res = await fetch(server.url + p, {
      method,
      headers: { cookie, 'content-type': 'application/json', origin: server.url },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
    return { ms: performance.now() - t0, json };
  };

  // The workspace's sandbox Instagram account and Messenger page (made with the workspace).
  const accounts = (
    await pool.query<{ id: string; platform: string }>('select id, platform from social_accounts where workspace_id = $1 order by platform', [workspaceId])
  ).rows;
  const ig = accounts.find((a) => a.platform === 'instagram')!.id;
  const fb = accounts.find((a) => a.platform === 'facebook')!.id;

  // One INSERT: 80% Instagram, 20% Messenger; every 10th tagged vip, every 4th 'shoes'; a city field;
  // last message spread over 0–47 hours (half inside Meta's 24-hour window), every 20th never wrote.
  let t = performance.now();
  await pool.query(
    `insert into contacts (workspace_id, account_id, external_user_id, name, tags, custom_fields, last_inbound_at)
     select $1, case when g % 5 = 0 then $3::uuid else $2::uuid end, 'bench-' || g, 'Contact ' || g,
       array_remove(array[case when g % 10 = 0 then 'vip' end, case when g % 4 = 0 then 'shoes' end], null),
       jsonb_build_object('city', (array['Paris','Lyon','Berlin','Madrid','Rome'])[1 + g % 5]),
       case when g % 20 = 0 then null else now() - (g % 48) * interval '1 hour' - interval '5 minutes' end
     from generate_series(1, $4) g`,
    [workspaceId, ig, fb, CONTACTS],
  );
  await pool.query('vacuum analyze contacts');
  const seedSeconds = (performance.now() - t) / 1000;
  console.log(`seeded ${CONTACTS} contacts in ${seedSeconds.toFixed(1)} s`);

  const seg = (s: Record<string, unknown> = {}) => broadcastSegmentSchema.parse(s);
  const segments = {
    everyone: seg(),
    vip: seg({ tags: ['vip'] }),
    vipAndShoes: seg({ tags: ['vip', 'shoes'] }),
    instagram: seg({ platform: 'instagram' }),
    cityParis: seg({ fields: [{ key: 'city', value: 'Paris' }] }),
    wroteWithin6h: seg({ lastInboundWithinHours: 6 }),
    leadQualified: seg({ leadStatus: 'qualified' }),
  };
  const names = Object.keys(segments) as (keyof typeof segments)[];
  // One warm-up call per segment, then 100 calls round-robin over the segments.
  const audiences: Record<string, unknown> = {};
  for (const name of names) audiences[name] = (await api('POST', '/api/broadcasts/audience', { segment: segments[name] })).json;
  const segmentOf = (i: number) => names[i % names.length]!;
  const calls = await timeRequests((i) => api('POST', '/api/broadcasts/audience', { segment: segments[segmentOf(i)] }), { count: AUDIENCE_CALLS });
  const bySegment: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, calls.samples.filter((c) => segmentOf(c.i) === n).map((c) => c.ms)]));
  const audience = latencyStats(calls.ms);
  console.log('audience', audience);

  // The endpoint's own SQL, one plan at a time (not concurrently: the timings are each query's own).
  const plans: string[] = [];
  for (const n of names) {
    const { sql, params } = audienceSql(workspaceId, segments[n]);
    const rows = (await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params)).rows;
    plans.push(`-- audience: ${n} ${JSON.stringify(segments[n])}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
  await writeFile(path.join(root, 'tests/perf/results/broadcast-explain.txt'), plans.join('\n\n') + '\n');

  // (b) Everyone inside the window, so all 100,000 are recipients that will be sent to.
  await pool.query(`update contacts set last_inbound_at = now() - interval '1 hour' where workspace_id = $1`, [workspaceId]);
  const created = await api('POST', '/api/broadcasts', { name: 'Bench', text: 'Sale today: https://shop.example.com/sale', segment: segments.everyone });
  const broadcastId = created.json.id as string;
  t = performance.now();
  await api('POST', `/api/broadcasts/${broadcastId}/start`, {});
  const count = async (sql: string) => (await pool.query<{ n: number }>(sql, [broadcastId])).rows[0]!.n;
  let recipientsAt = 0;
  let firstQueuedAt = 0;
  for (;;) {
    const now = performance.now() - t;
    if (!recipientsAt && (await count('select count(*)::int as n from broadcast_recipients where broadcast_id = $1')) === CONTACTS) recipientsAt = now;
    if (!firstQueuedAt && (await count(`select count(*)::int as n from broadcast_recipients where broadcast_id = $1 and status = 'queued'`)) > 0)
      firstQueuedAt = now;
    if (recipientsAt && firstQueuedAt) break;
    if (now > 120_000) throw new Error('recipients not materialised within 120 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  // What the real worker queued ahead of the slots by now (lookahead 5 s at 100/s ≈ 500 + burst).
  await new Promise((r) => setTimeout(r, 3000));
  const queuedByWorkerAfter3s = await count(`select count(*)::int as n from broadcast_recipients where broadcast_id = $1 and status = 'queued'`);
  await api('POST', `/api/broadcasts/${broadcastId}/cancel`, {});
  await server.stop();
  console.log(`recipient rows: ${(recipientsAt / 1000).toFixed(2)} s, first send queued: ${(firstQueuedAt / 1000).toFixed(2)} s`);

  // The dispatcher's own queueing rate with nothing holding it back (no lookahead), in this process,
  // on a second broadcast; stopped (paused) after 60 s if not done.
  const second = await pool.query<{ id: string }>(
    `insert into broadcasts (workspace_id, name, text, segment, status) values ($1, 'Bench 2', 'Hello again', $2, 'scheduled') returning id`,
    [workspaceId, JSON.stringify(segments.everyone)],
  );
  const secondId = second.rows[0]!.id;
  const stopper = setTimeout(() => void pool.query(`update broadcasts set status = 'paused' where id = $1`, [secondId]), 60_000);
  t = performance.now();
  await dispatchBroadcast(pool, secondId, { limits: defaultSendLimits, batchSize: 200, lookaheadMs: 1e12 });
  clearTimeout(stopper);
  const dispatchSeconds = (performance.now() - t) / 1000;
  const ledgerRows = (
    await pool.query<{ n: number }>(
      `select count(*)::int as n from broadcast_recipients r join outbound_ledger l on l.id = r.ledger_id where r.broadcast_id = $1`,
      [secondId],
    )
  ).rows[0]!.n;
  console.log(`unbounded dispatcher: ${ledgerRows} ledger rows in ${dispatchSeconds.toFixed(1)} s`);

  const result = {
    benchmark: 'broadcast',
    date: new Date().toISOString(),
    machine: await machine(pool),
    data: { contacts: CONTACTS, accounts: 'sandbox Instagram (80%) + Messenger page (20%)', seedSeconds: +seedSeconds.toFixed(1) },
    audience: {
      endpoint: 'POST /api/broadcasts/audience',
      calls: AUDIENCE_CALLS,
      all: audience,
      bySegment: Object.fromEntries(names.map((n) => [n, latencyStats(bySegment[n]!)])),
      results: audiences,
    },
    broadcast: {
      recipients: CONTACTS,
      secondsToEveryRecipientRow: +(recipientsAt / 1000).toFixed(2),
      secondsToFirstQueuedSend: +(firstQueuedAt / 1000).toFixed(2),
      queuedByWorker3sLater: queuedByWorkerAfter3s,
      unboundedDispatcher: {
        ledgerRowsAndJobs: ledgerRows,
        seconds: +dispatchSeconds.toFixed(1),
        perSecond: Math.round(ledgerRows / dispatchSeconds),
        finished: ledgerRows === CONTACTS,
      },
      measured:
        'From POST /start to every recipient having its broadcast_recipients row (the exactly-once key; through the real worker). The dispatcher queues sends (ledger row + outbound.send job) only 5 s ahead of their rate-limit slot on purpose, so at Instagram 100/s the last ledger row is written ~1,000 s in; unboundedDispatcher is its queueing rate with the lookahead removed.',
    },
    target: { audienceP95Ms: '<= 200', fullyQueuedSeconds: '<= 10 (every recipient row)' },
    met: { audience: audience.p95 <= 200, fullyQueued: recipientsAt / 1000 <= 10 },
    loadAverageAtStart,
    loadAverageAtEnd: os.loadavg().map((l) => +l.toFixed(1)),
    note: 'Measured on a shared 2-core machine while the CI suite and other engineers ran their tests (1, 5, 15-minute load averages above).',
    explain: 'tests/perf/results/broadcast-explain.txt',
  };
  console.log(JSON.stringify(result, null, 2));
  await writeResult('broadcast', result);
} finally {
  await stop();
}
