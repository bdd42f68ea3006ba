import { readFileSync } from 'node:fs';
import os from 'node:os';
import { createTokenCipher } from '../../integrations/crypto/token-cipher';
import { startMetaGraphFake, type FakePage } from '../fakes/meta-graph.fake';
import { igCommentsWebhook } from '../fakes/meta-webhook-payloads';
import { benchDatabase, machine, percentile, printStatements, resetStatements, signIn, spawnServer, webhookPoster, writeResult } from './bench-kit';
import { costProbe, fsyncProbe, walStats } from './bench-probes';

/**
 * Target: comment → private-reply DM through the real pipeline (signed Meta webhook → ingest
 * → inbound.process → comment rule → ledger + pacing → outbound.send → Graph API) with the contract
 * fake answering every call in a fixed 300 ms; 50 comments/s spread over 500 Instagram accounts.
 * Our own overhead = (moment the private reply reaches the fake) − (moment the webhook POST started);
 * target p99 ≤ 300 ms. Then a burst of 1,000 comments on one account in one signed batch: all queued,
 * paced at the account's 750/hour with an ETA, none dropped.
 */
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
// At least 500, and enough that no account passes its burst of 10 private replies (then paced at
// 750/hour, Meta’s limit: a wait that is not our overhead). 300/s for 20 + 10 s: 900 accounts.
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? Math.max(500, Math.ceil((RATE * (SECONDS + WARMUP)) / 10)));
const FAKE_LATENCY_MS = 300;
const ENCRYPTION_KEY = 'a'.repeat(64); // what spawnServer boots with

const { db, pool, dir, stop } = await benchDatabase();
const fake = await startMetaGraphFake({ latencyMs: FAKE_LATENCY_MS });
try {
  const worker = await spawnServer('all', {
    // BENCH_PG_TCP=1: the server reaches PostgreSQL over 127.0.0.1 instead of its Unix socket (ADR 0028), for an A/B.
    DATABASE_URL: process.env.BENCH_PG_TCP ? db.url.replace(/@[^:/]+:/, '@127.0.0.1:') : db.url,
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
  // 1. Steady load: RATE comments/s, round-robin over ACCOUNTS accounts, each its own signed POST
  // (kept-alive sockets, as Meta's deliveries are). The first WARMUP seconds warm the server (its
  // JIT, its pool's connections, PostgreSQL's caches) and are reported apart as `coldStart`; the
  // measured window follows them without a pause, so it starts in the steady state.
  const poster = webhookPoster(hook, fake.app.secret);
  const started = new Map<string, number>();
  const warmStarted = new Map<string, number>();
  const total = RATE * SECONDS;
  let webhookErrors = 0;
  /** Offers `count` comments at RATE from performance.now() = `t` (a late start catches up at once). */
  const offer = async (t: number, count: number, from: number, into: Map<string, number>, prefix: string) => {
    const inflight: Promise<void>[] = [];
    for (let i = 0; i < count; i++) {
      const due = t + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const n = from + i;
      const page = pages[n % ACCOUNTS]!;
      const commentId = `${prefix}${n}`;
      const body = igCommentsWebhook(page.instagram!.id, [
        { id: commentId, text: 'link please', from: { id: `fan-${n}`, username: `fan${n}` }, mediaId: 'm1' },
      ]);
      into.set(commentId, Date.now());
      inflight.push(
        poster.post(body).then(
          (status) => {
            if (status !== 200) webhookErrors++;
          },
          () => {
            webhookErrors++; // e.g. a keep-alive socket closed by the server as it was reused
          },
        ),
      );
    }
    return inflight;
  };
  // Round trips (BENCH_COUNT_QUERIES=<file>: the server's own query and NOTIFY counts) and PostgreSQL's commits.
  type Counts = { queries: Record<string, number>; notifications: Record<string, number> };
  const readCounts = async (): Promise<Counts | undefined> => {
    if (!process.env.BENCH_COUNT_QUERIES) return undefined;
    await new Promise((r) => setTimeout(r, 600)); // the server writes its counts every 500 ms
    return JSON.parse(readFileSync(process.env.BENCH_COUNT_QUERIES, 'utf8')) as Counts;
  };
  const commits = async () =>
    Number((await pool.query<{ n: string }>('select xact_commit as n from pg_stat_database where datname = current_database()')).rows[0]!.n);
  // The warm-up's comments go out first; the marks below are taken as the measured window starts.
  const warmT0 = performance.now();
  const warmInflight = await offer(warmT0, WARMUP * RATE, total, warmStarted, '17800');
  await resetStatements(pool);
  const countsBefore = await readCounts();
  const commitsBefore = await commits();
  const cpuBefore = serverCpu();
  // Where the 2 cores went: PostgreSQL's processes and this bench process (load generator and Graph fake).
  const cost = await costProbe(pool);
  const costBefore = cost.mark();
  // The machine is shared: the load average around the run says how pessimistic these figures are.
  const loadBefore = os.loadavg().map((l) => Number(l.toFixed(2)));
  // The disk's own fsync latency during the load (a WAL flush's cost without PostgreSQL), and PostgreSQL's WAL flushes.
  const disk = await fsyncProbe(dir);
  const walBefore = await walStats(pool);
  // Where the warm-up's schedule ends, whatever the marks above took (BENCH_COUNT_QUERIES waits 600 ms).
  const t0 = warmT0 + WARMUP * 1000;
  const wallT0 = Date.now() - (performance.now() - t0);
  // BENCH_TIMELINE: what PostgreSQL's busy backends wait on, sampled every 50 ms, by second of the window.
  const waits = new Map<number, Map<string, number>>();
  let sampling = Boolean(process.env.BENCH_TIMELINE);
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await pool.query<{ w: string; n: number }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'CPU') as w, count(*)::int as n from pg_stat_activity
         where state = 'active' and pid <> pg_backend_pid() and backend_type = 'client backend' group by 1`,
      );
      const sec = Math.floor((Date.now() - wallT0) / 1000);
      if (rows.some((r) => r.w === 'Lock:transactionid' || r.w === 'Lock:tuple')) {
        const chains = await pool.query<{ waiter: string; blocker: string }>(
          `select left(regexp_replace(w.query, '[[:space:]]+', ' ', 'g'), 70) as waiter,
                  b.state || ' ' || coalesce(b.wait_event_type || ':' || b.wait_event, 'CPU') || ' ' || round(extract(epoch from clock_timestamp() - b.xact_start) * 1000) || ' ms: ' ||
                  left(regexp_replace(b.query, '[[:space:]]+', ' ', 'g'), 90) as blocker
           from pg_stat_activity w cross join lateral unnest(pg_blocking_pids(w.pid)) as bp(pid) join pg_stat_activity b on b.pid = bp.pid
           where w.wait_event_type = 'Lock' and w.wait_event in ('transactionid', 'tuple')`,
        );
        for (const c of chains.rows) console.log(`  ${sec}s blocked: ${c.waiter}\n      by ${c.blocker}`);
      }
      const m = waits.get(sec) ?? new Map<string, number>();
      for (const r of rows) m.set(r.w, (m.get(r.w) ?? 0) + r.n);
      waits.set(sec, m);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const inflight = await offer(t0, total, 0, started, '17900');
  await Promise.all([...inflight, ...warmInflight]);
  const sendArrivals = () =>
    fake.calls.filter(
      (c) => c.method === 'POST' && c.path.endsWith('/messages') && started.has((c.body.recipient as { comment_id?: string } | undefined)?.comment_id ?? ''),
    );
  const deadline = Date.now() + 60_000;
  while (sendArrivals().length < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  sampling = false;
  await sampler;
  const cpuPerComment = (serverCpu() - cpuBefore) / total;
  const costAfter = cost.mark();
  const elapsedS = (performance.now() - t0) / 1000;
  const cpuShare = {
    seconds: Number(elapsedS.toFixed(1)),
    server: Number(((cpuPerComment * total) / elapsedS).toFixed(2)),
    postgres: Number(((costAfter.postgresCpuMs - costBefore.postgresCpuMs) / 1000 / elapsedS).toFixed(2)),
    benchProcess: Number(((costAfter.processCpuMs - costBefore.processCpuMs) / 1000 / elapsedS).toFixed(2)),
  };
  const diskFsyncMs = await disk.stop();
  const walAfter = await walStats(pool);
  const wal = {
    bytesPerComment: Math.round((walAfter.bytes - walBefore.bytes) / total),
    recordsPerComment: Number(((walAfter.records - walBefore.records) / total).toFixed(1)),
    fullPageImagesPerComment: Number(((walAfter.fullPageImages - walBefore.fullPageImages) / total).toFixed(2)),
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
  const overheadOf = (of: Map<string, number>) =>
    fake.calls
      .filter((c) => c.method === 'POST' && c.path.endsWith('/messages') && of.has((c.body.recipient as { comment_id?: string } | undefined)?.comment_id ?? ''))
      .map((c) => c.at - of.get((c.body.recipient as { comment_id: string }).comment_id)!)
      .sort((a, b) => a - b);
  const overhead = overheadOf(started);
  const coldOverhead = overheadOf(warmStarted);
  poster.close();
  const committed = await pool.query<{ ms: number; target: string }>(
    `select extract(epoch from (l.sent_at - e.received_at)) * 1000 as ms, l.target
     from outbound_ledger l join inbound_events e on e.event_key = 'comment:' || l.target and e.provider = 'meta'
     where l.status = 'sent' and l.kind = 'private_reply'`,
  );
  const endToEnd = committed.rows
    .filter((r) => started.has(r.target))
    .map((r) => Number(r.ms))
    .sort((a, b) => a - b);
  // Where the time goes, per comment (all on this machine's one clock): webhook POST started →
  // its ingest transaction started (received_at) → the inbound batch that processed it started
  // (processed_at) → its private reply reached the fake. The rest of a reply's time is the fake's
  // 300 ms and the sent mark.
  const arrivedAt = new Map(sendArrivals().map((c) => [(c.body.recipient as { comment_id: string }).comment_id, c.at] as const));
  const marks = await pool.query<{ target: string; received: number; processed: number; lease_until: number }>(
    `select l.target, extract(epoch from e.received_at) * 1000 as received, extract(epoch from e.processed_at) * 1000 as processed,
            extract(epoch from l.send_lease_until) * 1000 as lease_until
     from outbound_ledger l join inbound_events e on e.event_key = 'comment:' || l.target and e.provider = 'meta'
     where l.kind = 'private_reply' and e.processed_at is not null`,
  );
  // The claim's time: its lease end less the lease, the same for every row and a whole number of
  // seconds (activities/sends/at-most-once.ts sendLeaseMs): the typical lease end − arrival, rounded
  // up to the second (a claim precedes its call's arrival by well under a second).
  const leaseEnds = marks.rows.filter((r) => arrivedAt.has(r.target)).map((r) => Number(r.lease_until) - arrivedAt.get(r.target)!);
  const leaseMs =
    Math.ceil(
      percentile(
        leaseEnds.sort((a, b) => a - b),
        50,
      ) / 1000,
    ) * 1000;
  const stageOf = (pick: (m: { posted: number; received: number; processed: number; claimed: number; arrived: number }) => number) => {
    const values = marks.rows
      .filter((r) => started.has(r.target) && arrivedAt.has(r.target))
      .map((r) =>
        pick({
          posted: started.get(r.target)!,
          received: Number(r.received),
          processed: Number(r.processed),
          claimed: Number(r.lease_until) - leaseMs,
          arrived: arrivedAt.get(r.target)!,
        }),
      )
      .sort((a, b) => a - b);
    return { p50: percentile(values, 50), p95: percentile(values, 95), p99: percentile(values, 99) };
  };
  const stages = {
    webhookToIngest: stageOf((m) => m.received - m.posted),
    ingestToInboundBatch: stageOf((m) => m.processed - m.received),
    inboundBatchToCall: stageOf((m) => m.arrived - m.processed),
    // inboundBatchToCall in two: the batch's start → the reply's claim (the batch's transaction, its
    // commit, the hand-off) → the call's arrival at the fake (the claim's commit, the request).
    inboundBatchToClaim: stageOf((m) => m.claimed - m.processed),
    claimToCall: stageOf((m) => m.arrived - m.claimed),
  };
  // BENCH_TIMELINE=1: the stages per second of the offer (by when the comment was posted), to tell a
  // stall (a few bad seconds) from queueing spread over the run.
  if (process.env.BENCH_TIMELINE) {
    const bySecond = new Map<number, { ingest: number[]; batch: number[]; call: number[] }>();
    for (const r of marks.rows) {
      const posted = started.get(r.target);
      const arrived = arrivedAt.get(r.target);
      if (posted === undefined || arrived === undefined) continue;
      const s = Math.floor((posted - wallT0) / 1000);
      const b = bySecond.get(s) ?? { ingest: [], batch: [], call: [] };
      b.ingest.push(Number(r.received) - posted);
      b.batch.push(Number(r.processed) - Number(r.received));
      b.call.push(arrived - Number(r.processed));
      bySecond.set(s, b);
    }
    const cell = (v: number[]) => {
      v.sort((a, b) => a - b);
      return `${Math.round(percentile(v, 50))}/${Math.round(percentile(v, 99))}`.padStart(10);
    };
    // What PostgreSQL ran in the background meanwhile (seconds from the window's start).
    const background = await pool.query<{ relname: string; vacuum: number | null; analyze: number | null; vacuums: number; analyzes: number }>(
      `select relname, extract(epoch from last_autovacuum) * 1000 - $1 as vacuum, extract(epoch from last_autoanalyze) * 1000 - $1 as analyze,
              autovacuum_count::int as vacuums, autoanalyze_count::int as analyzes
       from pg_stat_all_tables where (last_autovacuum is not null or last_autoanalyze is not null) and schemaname not in ('pg_catalog', 'pg_toast')
       order by greatest(last_autovacuum, last_autoanalyze) desc limit 12`,
      [wallT0],
    );
    for (const r of background.rows)
      console.log(
        `autovacuum ${r.relname}: last vacuum ${r.vacuum === null ? '-' : (Number(r.vacuum) / 1000).toFixed(1)} s (${r.vacuums}×), last analyze ${r.analyze === null ? '-' : (Number(r.analyze) / 1000).toFixed(1)} s (${r.analyzes}×)`,
      );
    console.log('second  n   ingest p50/p99  batch p50/p99  call p50/p99 (ms)');
    for (const [s, b] of [...bySecond].sort((x, y) => x[0] - y[0]))
      console.log(
        `${String(s).padStart(6)} ${String(b.ingest.length).padStart(4)} ${cell(b.ingest)}     ${cell(b.batch)}    ${cell(b.call)}   waits/20: ${[
          ...(waits.get(s) ?? new Map<string, number>()),
        ]
          .sort((x, y) => y[1] - x[1])
          .slice(0, 4)
          .map(([w, n]) => `${w} ${(n / 20).toFixed(1)}`)
          .join(', ')}`,
      );
  }

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
      warmUpSeconds: WARMUP,
      fakeGraphLatencyMs: FAKE_LATENCY_MS,
      workerConcurrency: Number(process.env.BENCH_WORKERS ?? 24),
      server: 'replypilot all (web + worker), separate process; fake Graph API and load generator in the bench process',
      postgres: 'embedded, default durability',
    },
    // The first WARMUP seconds after the server started, at the same rate, just before `steady`.
    coldStart: {
      seconds: WARMUP,
      comments: warmStarted.size,
      answered: coldOverhead.length,
      ownOverheadMs: { p50: round(percentile(coldOverhead, 50)), p99: round(percentile(coldOverhead, 99)), max: round(coldOverhead.at(-1) ?? NaN) },
    },
    steady: {
      comments: total,
      webhookErrors,
      privateRepliesReceivedByFake: sendArrivals().length,
      serverCpuMsPerComment: round(cpuPerComment * 1000),
      postgresCpuMsPerComment: round((costAfter.postgresCpuMs - costBefore.postgresCpuMs) / total),
      benchProcessCpuMsPerComment: round((costAfter.processCpuMs - costBefore.processCpuMs) / total),
      coresBusy: cpuShare,
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
