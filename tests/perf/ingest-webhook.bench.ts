import { createHmac } from 'node:crypto';
import { igCommentsWebhook } from '../fakes/meta-webhook-payloads';
import os from 'node:os';
import { benchDatabase, machine, percentile, processCpuMs, rawInsertRate, spawnServer, writeResult } from './bench-kit';

/**
 * The ingest target (see ingest.bench.ts) measured on the signed Meta webhook route: ≥ 1,000 events/s
 * accepted durably, p99 acknowledgement ≤ 250 ms, none over 3 s, as a ratio to the raw single-row
 * INSERT rate of the same PostgreSQL in the same run. Each POST is a real signed `instagram`
 * comments payload (HMAC-SHA256 over the raw bytes); the server verifies, splits, inserts every
 * event with its job in one transaction, then answers 200. Two shapes: one comment per POST (the
 * worst case), 10 and 50 per POST (Meta batches under load). `BENCH_SHAPES=1` runs only the first
 * (quick iterations; the result file is then not written). The server's CPU time per event is read
 * from /proc: on a shared machine it says more than events/s.
 */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const APP_SECRET = 'bench-app-secret';
const SHAPES = (process.env.BENCH_SHAPES ?? '1,10,50').split(',').map(Number);

const { db, pool, stop } = await benchDatabase();
try {
  const rawPerSecond = await rawInsertRate(pool, CONCURRENCY);

  const ws = await pool.query<{ id: string }>(`insert into workspaces (name) values ('bench') returning id`);
  await pool.query(
    `insert into social_accounts (workspace_id, platform, provider, external_id, username, display_name) values ($1, 'instagram', 'meta', '17840000000000001', 'benchshop', 'Bench Shop')`,
    [ws.rows[0]!.id],
  );
  const server = await spawnServer('web', { DATABASE_URL: db.url, FACEBOOK_APP_ID: 'bench-app', FACEBOOK_APP_SECRET: APP_SECRET });

  let seq = 0;
  async function run(perPost: number) {
    const latencies: number[] = [];
    let errors = 0;
    let events = 0;
    const cpu0 = await processCpuMs(server.child.pid!);
    const started = performance.now();
    const until = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          const comments = Array.from({ length: perPost }, () => {
            const i = seq++;
            return { id: `1800${i}`, text: 'what is the price?', from: { id: `fan-${i % 1000}`, username: `fan${i % 1000}` }, mediaId: 'media-1' };
          });
          const body = JSON.stringify(igCommentsWebhook('17840000000000001', comments));
          const signature = `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`;
          const t0 = performance.now();
          const res = await fetch(`${server.url}/api/webhooks/facebook/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
            body,
          });
          await res.arrayBuffer();
          if (res.status === 200) {
            latencies.push(performance.now() - t0);
            events += perPost;
          } else errors++;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const cpu = (await processCpuMs(server.child.pid!)) - cpu0;
    latencies.sort((a, b) => a - b);
    const eventsPerSecond = events / elapsed;
    return {
      entriesPerPost: perPost,
      posts: latencies.length,
      errors,
      events,
      eventsPerSecond: Math.round(eventsPerSecond),
      ratioToRawInsert: Number((eventsPerSecond / rawPerSecond).toFixed(3)),
      serverCpuMsPerEvent: Number((cpu / Math.max(events, 1)).toFixed(3)),
      loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
      ackMs: {
        p50: Number(percentile(latencies, 50).toFixed(1)),
        p95: Number(percentile(latencies, 95).toFixed(1)),
        p99: Number(percentile(latencies, 99).toFixed(1)),
        max: Number((latencies.at(-1) ?? NaN).toFixed(1)),
        over3s: latencies.filter((l) => l > 3000).length,
      },
    };
  }

  const loadBefore = os.loadavg().map((l) => Number(l.toFixed(2)));
  const single = await run(1);
  console.log('1 per POST', single);
  const ten = SHAPES.includes(10) ? await run(10) : undefined;
  console.log('10 per POST', ten);
  const batched = SHAPES.includes(50) ? await run(50) : undefined;
  console.log('50 per POST', batched);
  await server.stop();
  const stored = Number((await pool.query<{ n: string }>(`select count(*) as n from inbound_events where provider = 'meta'`)).rows[0]!.n);
  const jobs = Number((await pool.query<{ n: string }>("select count(*) as n from graphile_worker.jobs where task_identifier = 'inbound.process'")).rows[0]!.n);
  const result = {
    benchmark: 'ingest-webhook',
    date: new Date().toISOString(),
    machine: { ...(await machine(pool)), loadAverageBefore: loadBefore },
    settings: {
      concurrency: CONCURRENCY,
      secondsPerShape: SECONDS,
      postgres: 'embedded, default durability (fsync on, synchronous_commit on)',
      server: 'replypilot web, separate process',
    },
    rawInsertPerSecond: Math.round(rawPerSecond),
    onePerPost: single,
    tenPerPost: ten,
    fiftyPerPost: batched,
    storedEvents: stored,
    enqueuedJobs: jobs,
    // Every acknowledged event is stored: a 200 is sent only after its commit.
    everyAckedEventStored: stored >= single.events + (ten?.events ?? 0) + (batched?.events ?? 0),
    targets: { eventsPerSecond: '>= 1000', p99AckMs: '<= 250', over3s: 0 },
  };
  console.log(JSON.stringify(result, null, 2));
  if (ten && batched) await writeResult('ingest-webhook', result);
} finally {
  await stop();
}
