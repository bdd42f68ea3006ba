import os from 'node:os';
import { benchDatabase, machine, percentile, processCpuMs as cpuMs, signIn, spawnServer, writeResult } from './bench-kit';

/**
 * What a signed-in request costs next to an anonymous one: `GET /api/health` (no session) against
 * `GET /api/auth/user` (cookie → session → user), each driven by 32 concurrent clients for 10 s at
 * one `replypilot web` process. Reports requests/s, latency p50/p99 and the server's CPU time per
 * request (from /proc, so it is comparable on a busy machine where requests/s is not). The signed-in
 * request is measured twice: with the session cache (ADR 0016) and, on a second server with
 * SESSION_CACHE_TTL_SECONDS=0, without it (session and user read from PostgreSQL each time).
 */
const CONCURRENCY = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function drive(url: string, headers: Record<string, string>, pid: number) {
  const latencies: number[] = [];
  let errors = 0;
  const cpu0 = await cpuMs(pid);
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) errors++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const cpu = (await cpuMs(pid)) - cpu0;
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(latencies.length / SECONDS),
    errors,
    p50Ms: Number(percentile(latencies, 50).toFixed(1)),
    p99Ms: Number(percentile(latencies, 99).toFixed(1)),
    serverCpuMsPerRequest: Number((cpu / latencies.length).toFixed(3)),
  };
}

const loadAverageBefore = os.loadavg().map((l) => Number(l.toFixed(2)));
const { db, pool, stop } = await benchDatabase();
// Inside the try: a server that fails to start must not leave the embedded PostgreSQL running.
const server = await spawnServer('web', { DATABASE_URL: db.url }).catch(async (err: unknown) => {
  await stop();
  throw err;
});
try {
  const { cookie } = await signIn(server.url);
  const pid = server.child.pid!;
  await drive(`${server.url}/api/health`, {}, pid); // warm-up
  const anonymous = await drive(`${server.url}/api/health`, {}, pid);
  const signedIn = await drive(`${server.url}/api/auth/user`, { cookie }, pid);
  // The same signed-in request with the session cache off (ADR 0016): session and user from PostgreSQL each time.
  await server.stop();
  const uncachedServer = await spawnServer('web', { DATABASE_URL: db.url, SESSION_CACHE_TTL_SECONDS: '0' });
  let signedInUncached;
  try {
    await drive(`${uncachedServer.url}/api/health`, {}, uncachedServer.child.pid!); // warm-up
    signedInUncached = await drive(`${uncachedServer.url}/api/auth/user`, { cookie }, uncachedServer.child.pid!);
  } finally {
    await uncachedServer.stop();
  }
  const result = {
    machine: { ...(await machine(pool)), loadAverageBefore, loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))) },
    concurrency: CONCURRENCY,
    seconds: SECONDS,
    anonymous,
    signedIn,
    signedInUncached,
    signedInCpuRatio: Number((signedIn.serverCpuMsPerRequest / anonymous.serverCpuMsPerRequest).toFixed(2)),
    signedInUncachedCpuRatio: Number((signedInUncached.serverCpuMsPerRequest / anonymous.serverCpuMsPerRequest).toFixed(2)),
  };
  console.log(JSON.stringify(result, null, 2));
  await writeResult('session', result);
} finally {
  if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
  await stop();
}
