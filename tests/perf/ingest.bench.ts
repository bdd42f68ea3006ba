import { benchDatabase, machine, percentile, rawInsertRate, signIn, spawnServer, timeRequests, writeResult } from './bench-kit';

/**
 * Target: ≥ 1,000 events/s accepted durably through the HTTP ingest path (the simulator's
 * endpoint: zod → ingest transaction [event row + job] → commit → 202), p99 ack ≤ 250 ms, none over
 * 3 s; reported as a ratio to the raw single-row INSERT rate of the same PostgreSQL in the same run.
 * PostgreSQL runs with its default durability (fsync on, synchronous_commit on).
 */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

const { db, pool, stop } = await benchDatabase();
try {
  // 1. Raw single-row INSERT rate, same concurrency, autocommit.
  const rawPerSecond = await rawInsertRate(pool, CONCURRENCY);

  // 2. The HTTP ingest path, against the real server in its own process (role web).
  const server = await spawnServer('web', { DATABASE_URL: db.url });
  const { cookie } = await signIn(server.url);
  const sim = (await (await fetch(`${server.url}/api/simulator`, { headers: { cookie } })).json()) as {
    accounts: { id: string; platform: string }[];
    posts: { accountId: string; externalId: string }[];
  };
  const account = sim.accounts.find((a) => a.platform === 'instagram')!;
  const post = sim.posts.find((p) => p.accountId === account.id)!;

  const run = await timeRequests(
    async (i) => {
      const res = await fetch(`${server.url}/api/simulator/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          accountId: account.id,
          postId: post.externalId,
          contact: { externalUserId: `fan-${i % 1000}`, name: `Fan ${i % 1000}`, username: `fan${i % 1000}` },
          text: 'what is the price?',
          commentId: `bench-${i}`,
        }),
      });
      await res.arrayBuffer();
      if (res.status !== 202) throw new Error(`HTTP ${res.status}`);
    },
    { seconds: SECONDS, concurrency: CONCURRENCY, tolerateFailures: true },
  );
  const latencies = run.ms;
  const elapsed = run.seconds;
  await server.stop();

  const stored = Number((await pool.query<{ n: string }>('select count(*) as n from inbound_events')).rows[0]!.n);
  const jobs = Number((await pool.query<{ n: string }>("select count(*) as n from graphile_worker.jobs where task_identifier = 'inbound.process'")).rows[0]!.n);
  const eventsPerSecond = latencies.length / elapsed;
  const result = {
    benchmark: 'ingest',
    date: new Date().toISOString(),
    machine: await machine(pool),
    settings: {
      concurrency: CONCURRENCY,
      seconds: SECONDS,
      postgres: 'embedded, default durability (fsync on, synchronous_commit on)',
      server: 'replypilot web, separate process',
    },
    rawInsertPerSecond: Math.round(rawPerSecond),
    accepted: latencies.length,
    errors: run.failed,
    storedEvents: stored,
    enqueuedJobs: jobs,
    eventsPerSecond: Math.round(eventsPerSecond),
    ratioToRawInsert: Number((eventsPerSecond / rawPerSecond).toFixed(3)),
    ackMs: {
      p50: Number(percentile(latencies, 50).toFixed(1)),
      p95: Number(percentile(latencies, 95).toFixed(1)),
      p99: Number(percentile(latencies, 99).toFixed(1)),
      max: Number((latencies[latencies.length - 1] ?? NaN).toFixed(1)),
      over3s: latencies.filter((l) => l > 3000).length,
    },
    targets: { eventsPerSecond: '>= 1000', p99AckMs: '<= 250', over3s: 0 },
  };
  console.log(JSON.stringify(result, null, 2));
  await writeResult('ingest', result);
} finally {
  await stop();
}
