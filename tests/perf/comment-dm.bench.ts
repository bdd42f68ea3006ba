import { readFileSync } from 'node:fs';
import os from 'node:os';
import { createTokenCipher } from '../../integrations/crypto/token-cipher';
import { startMetaGraphFake, type FakePage } from '../fakes/meta-graph.fake';
import { igCommentsWebhook } from '../fakes/meta-webhook-payloads';
import { benchDatabase, machine, percentile, printStatements, resetStatements, signIn, spawnServer, writeResult } from './bench-kit';
import { fsyncProbe, walStats } from './bench-probes';

/**
 * Target: comment → private-reply DM through the real pipeline (signed Meta webhook → ingest
 * → inbound.process → comment rule → ledger + pacing → outbound.send → Graph API) with the contract
 * fake answering every call in a fixed 300 ms; 50 comments/s spread over 500 Instagram accounts.
 * Our own overhead = (moment the private reply reaches the fake) − (moment the webhook POST started);
 * target p99 ≤ 300 ms. Then a burst of 1,000 comments on one account in one signed batch: all queued,
 * paced at the account's 750/hour with an ETA, none dropped.
 */
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 500);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const FAKE_LATENCY_MS = 300;
const ENCRYPTION_KEY = 'a'.repeat(64); // what spawnServer boots with

const { db, pool, dir, stop } = await benchDatabase();
const fake = await startMetaGraphFake({ latencyMs: FAKE_LATENCY_MS });
try {
  const worker = await spawnServer('all', {
    DATABASE_URL: db.url,
    ...fake.env,
    WORKER_CONCURRENCY: process.env.BENCH_WORKERS ?? '24',
  });
  const { cookie, workspaceId } = await signIn(worker.url);
  const rule = await fetch(`${worker.url}/api/comment-rules`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ platform: 'instagram', keywords: ['link'], responseTemplate: 'Here is your link: example.com' }),
  });
  if (rule.status !== 201) throw new Error(`rule: ${rule.status}`);

  // 500 connected Instagram accounts (Facebook Login path: Page token, linked Page).
  const cipher = createTokenCipher(ENCRYPTION_KEY);
  const pages: FakePage[] = Array.from({ length: ACCOUNTS + 1 }, (_, i) => ({
    id: `100${i}`,
    name: `Bench Page ${i}`,
    category: 'Shopping & retail',
    accessToken: `EAAbench${i}`,
    instagram: { id: `1784${i}`, username: `bench${i}`, name: `Bench ${i}`, profile_picture_url: '', followers_count: 1, media_count: 1 },
  }));
  for (const p of pages) fake.addPage(p);
  await pool.query(
    `insert into social_accounts (workspace_id, platform, provider, external_id, username, display_name, access_token_enc, linked_external_id, profile)
     select $1, 'instagram', 'meta', ig, u, u, tok, page, '{"loginPath":"facebook"}'::jsonb
     from unnest($2::text[], $3::text[], $4::text[], $5::text[]) as t(ig, u, tok, page)`,
    [
      workspaceId,
      pages.map((p) => p.instagram!.id),
      pages.map((p) => p.instagram!.username),
      pages.map((p) => cipher.encrypt(p.accessToken)),
      pages.map((p) => p.id),
    ],
  );
  const hook = `${worker.url}/api/webhooks/facebook/webhook`;

  /** CPU seconds (user + system) the server process has used so far (Linux /proc). */
  const serverCpu = () => {
    const f = readFileSync(`/proc/${worker.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  };
  // 1. Steady load: RATE comments/s, round-robin over ACCOUNTS accounts, each its own signed POST.
  const started = new Map<string, number>();
  const total = RATE * SECONDS;
  let webhookErrors = 0;
  // Round trips (BENCH_COUNT_QUERIES=<file>: the server's own query and NOTIFY counts) and PostgreSQL's commits.
  type Counts = { queries: Record<string, number>; notifications: Record<string, number> };
  const readCounts = async (): Promise<Counts | undefined> => {
    if (!process.env.BENCH_COUNT_QUERIES) return undefined;
    await new Promise((r) => setTimeout(r, 600)); // the server writes its counts every 500 ms
    return JSON.parse(readFileSync(process.env.BENCH_COUNT_QUERIES, 'utf8')) as Counts;
  };
  const commits = async () =>
    Number((await pool.query<{ n: string }>('select xact_commit as n from pg_stat_database where datname = current_database()')).rows[0]!.n);
  await resetStatements(pool);
  const countsBefore = await readCounts();
  const commitsBefore = await commits();
  const cpuBefore = serverCpu();
  // The machine is shared: the load average around the run says how pessimistic these figures are.
  const loadBefore = os.loadavg().map((l) => Number(l.toFixed(2)));
  // The disk's own fsync latency during the load (a WAL flush's cost without PostgreSQL), and PostgreSQL's WAL flushes.
  const disk = await fsyncProbe(dir);
  const walBefore = await walStats(pool);
  const t0 = performance.now();
  const wallT0 = Date.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const page = pages[i % ACCOUNTS]!;
    const commentId = `17900${i}`;
    const body = igCommentsWebhook(page.instagram!.id, [{ id: commentId, text: 'link please', from: { id: `fan-${i}`, username: `fan${i}` }, mediaId: 'm1' }]);
    started.set(commentId, Date.now());
    inflight.push(
      fake.deliverWebhook(hook, body).then(
        (r) => {
          if (r.status !== 200) webhookErrors++;
        },
        () => {
          webhookErrors++; // e.g. a keep-alive socket closed by the server as it was reused
        },
      ),
    );
  }
  await Promise.all(inflight);
  const sendArrivals = () =>
    fake.calls.filter(
      (c) => c.method === 'POST' && c.path.endsWith('/messages') && started.has((c.body.recipient as { comment_id?: string } | undefined)?.comment_id ?? ''),
    );
  const deadline = Date.now() + 60_000;
  while (sendArrivals().length < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  const cpuPerComment = (serverCpu() - cpuBefore) / total;
  const diskFsyncMs = await disk.stop();
  const walAfter = await walStats(pool);
  const wal = {
    bytesPerComment: Math.round((walAfter.bytes - walBefore.bytes) / total),
    flushes: walAfter.syncs - walBefore.syncs,
    flushMsMean: Number(((walAfter.syncMs - walBefore.syncMs) / Math.max(1, walAfter.syncs - walBefore.syncs)).toFixed(2)),
    checkpointsDuringLoad: walAfter.checkpoints - walBefore.checkpoints,
  };
  await printStatements(pool, total, 'steady load, per comment');
  const commitsPerComment = (await commits()) - commitsBefore; // divided below (this pool's own reads are a handful)
  const countsAfter = await readCounts();
  const perComment = (after: Record<string, number>, before: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(after)
        .map(([k, n]) => [k, (n - (before[k] ?? 0)) / total] as const)
        .filter(([, n]) => n >= 0.005)
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => [k, Number(n.toFixed(3))]),
    );
  const roundTrips =
    countsBefore && countsAfter
      ? {
          queriesPerComment: Number(
            (Object.values(countsAfter.queries).reduce((a, b) => a + b, 0) - Object.values(countsBefore.queries).reduce((a, b) => a + b, 0)) / total,
          ).toFixed(2),
          byStatement: perComment(countsAfter.queries, countsBefore.queries),
          notificationsReceivedPerComment: perComment(countsAfter.notifications, countsBefore.notifications),
        }
      : undefined;
  const sustainedPerSecond = sendArrivals().length / ((performance.now() - t0) / 1000);
  // Replies that reached the fake from second 2 of the offer to its end, per second: the rate kept
  // while comments arrive (the figure above also counts the last reply's pipeline and the fake's 300 ms).
  const steadyFrom = wallT0 + 2000;
  const steadyTo = wallT0 + SECONDS * 1000;
  const steadyPerSecond = sendArrivals().filter((c) => c.at >= steadyFrom && c.at < steadyTo).length / ((steadyTo - steadyFrom) / 1000);
  const loadAfter = os.loadavg().map((l) => Number(l.toFixed(2)));
  const overhead = sendArrivals()
    .map((c) => c.at - started.get((c.body.recipient as { comment_id: string }).comment_id)!)
    .sort((a, b) => a - b);
  const committed = await pool.query<{ ms: number }>(
    `select extract(epoch from (l.sent_at - e.received_at)) * 1000 as ms
     from outbound_ledger l join inbound_events e on e.event_key = 'comment:' || l.target and e.provider = 'meta'
     where l.status = 'sent' and l.kind = 'private_reply'`,
  );
  const endToEnd = committed.rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
  // Where the time goes, per comment (all on this machine's one clock): webhook POST started →
  // its ingest transaction started (received_at) → the inbound batch that processed it started
  // (processed_at) → its private reply reached the fake. The rest of a reply's time is the fake's
  // 300 ms and the sent mark.
  const arrivedAt = new Map(sendArrivals().map((c) => [(c.body.recipient as { comment_id: string }).comment_id, c.at] as const));
  const marks = await pool.query<{ target: string; received: number; processed: number }>(
    `select l.target, extract(epoch from e.received_at) * 1000 as received, extract(epoch from e.processed_at) * 1000 as processed
     from outbound_ledger l join inbound_events e on e.event_key = 'comment:' || l.target and e.provider = 'meta'
     where l.kind = 'private_reply' and e.processed_at is not null`,
  );
  const stageOf = (pick: (m: { posted: number; received: number; processed: number; arrived: number }) => number) => {
    const values = marks.rows
      .filter((r) => started.has(r.target) && arrivedAt.has(r.target))
      .map((r) => pick({ posted: started.get(r.target)!, received: Number(r.received), processed: Number(r.processed), arrived: arrivedAt.get(r.target)! }))
      .sort((a, b) => a - b);
    return { p50: percentile(values, 50), p95: percentile(values, 95), p99: percentile(values, 99) };
  };
  const stages = {
    webhookToIngest: stageOf((m) => m.received - m.posted),
    ingestToInboundBatch: stageOf((m) => m.processed - m.received),
    inboundBatchToCall: stageOf((m) => m.arrived - m.processed),
  };

  // 2. Burst: 1,000 comments on one account in one signed batch.
  const burstPage = pages[ACCOUNTS]!;
  const burst = Array.from({ length: 1000 }, (_, i) => ({ id: `18800${i}`, text: 'LINK?', from: { id: `burst-${i}`, username: `burst${i}` }, mediaId: 'm2' }));
  const burstStart = Date.now();
  const burstRes = await fake.deliverWebhook(hook, igCommentsWebhook(burstPage.instagram!.id, burst));
  const burstAckMs = Date.now() - burstStart;
  const burstAccount = (await pool.query<{ id: string }>('select id from social_accounts where external_id = $1', [burstPage.instagram!.id])).rows[0]!.id;
  let ledger = { total: 0, queued: 0, sent: 0, failed: 0, lastEtaMin: 0 };
  const burstDeadline = Date.now() + 120_000;
  while (Date.now() < burstDeadline) {
    const { rows } = await pool.query<{ total: string; queued: string; sent: string; failed: string; last_eta_min: number | null }>(
      `select count(*) as total, count(*) filter (where status = 'queued') as queued, count(*) filter (where status = 'sent') as sent,
              count(*) filter (where status = 'failed') as failed, extract(epoch from max(scheduled_for) - now()) / 60 as last_eta_min
       from outbound_ledger where account_id = $1`,
      [burstAccount],
    );
    const r = rows[0]!;
    ledger = { total: Number(r.total), queued: Number(r.queued), sent: Number(r.sent), failed: Number(r.failed), lastEtaMin: Number(r.last_eta_min ?? 0) };
    if (ledger.total === 1000) break;
    await new Promise((res) => setTimeout(res, 500));
  }
  await new Promise((r) => setTimeout(r, 5000)); // let the burst allowance go out
  const sentAfter5s = Number(
    (await pool.query<{ n: string }>("select count(*) as n from outbound_ledger where account_id = $1 and status = 'sent'", [burstAccount])).rows[0]!.n,
  );
  const queueView = (await (await fetch(`${worker.url}/api/comment-rules/queue`, { headers: { cookie } })).text()).slice(0, 400);
  await worker.stop();

  const round = (n: number) => Number(n.toFixed(1));
  const result = {
    benchmark: 'comment-dm',
    date: new Date().toISOString(),
    machine: await machine(pool),
    settings: {
      accounts: ACCOUNTS,
      commentsPerSecond: RATE,
      seconds: SECONDS,
      fakeGraphLatencyMs: FAKE_LATENCY_MS,
      workerConcurrency: Number(process.env.BENCH_WORKERS ?? 24),
      server: 'replypilot all (web + worker), separate process; fake Graph API and load generator in the bench process',
      postgres: 'embedded, default durability',
    },
    steady: {
      comments: total,
      webhookErrors,
      privateRepliesReceivedByFake: sendArrivals().length,
      serverCpuMsPerComment: round(cpuPerComment * 1000),
      postgresCommitsPerComment: Number((commitsPerComment / total).toFixed(2)),
      roundTrips,
      repliesPerSecondUntilLast: round(sustainedPerSecond),
      repliesPerSecondWhileOffered: round(steadyPerSecond),
      diskFsyncMs,
      wal,
      loadAverage: { before: loadBefore, after: loadAfter },
      duplicatesAtFake: sendArrivals().length - new Set(sendArrivals().map((c) => (c.body.recipient as { comment_id: string }).comment_id)).size,
      ownOverheadMs: {
        p50: round(percentile(overhead, 50)),
        p95: round(percentile(overhead, 95)),
        p99: round(percentile(overhead, 99)),
        max: round(overhead.at(-1) ?? NaN),
      },
      stagesMs: Object.fromEntries(Object.entries(stages).map(([stage, p]) => [stage, { p50: round(p.p50), p95: round(p.p95), p99: round(p.p99) }])),
      committedEndToEndMs: {
        p50: round(percentile(endToEnd, 50)),
        p99: round(percentile(endToEnd, 99)),
        note: 'ingest commit → sent committed, includes the fake’s 300 ms',
      },
    },
    burst: {
      comments: 1000,
      webhookStatus: burstRes.status,
      ackMs: burstAckMs,
      ledgerRows: ledger.total,
      queued: ledger.queued,
      sent: sentAfter5s,
      failed: ledger.failed,
      lastEtaMinutes: round(ledger.lastEtaMin),
      queueApi: queueView,
    },
    targets: { ownOverheadP99Ms: '<= 300', burst: 'all 1,000 queued, paced at 750/hour (last ETA ≈ 79 min), none dropped' },
  };
  console.log(JSON.stringify(result, null, 2));
  await writeResult('comment-dm', result);
} finally {
  await fake.stop();
  await stop();
}
