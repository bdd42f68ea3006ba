import type pg from 'pg';
import type { OutgoingEvent } from '../../../contracts/event-webhooks';
import { emitEvents } from '../../../db/event-webhooks/emit-events';
import { startWebhookSink } from '../../support/webhook-sink';
import { signIn, spawnServer } from '../bench-kit';

/**
 * Event webhook fan-out, target ≥ 500 deliveries/s to a local sink: one workspace with
 * one subscription to `message.received` on a receiver at 127.0.0.1 (tests/support/webhook-sink.ts,
 * every request verified with `standardwebhooks` as a receiver would), N events emitted in ONE
 * statement by the real emission function (emitEvents), and the real server (web + worker, its
 * events.deliver job) sending them. Timed from the emission to the last delivery the sink accepted;
 * checked: every delivery row `delivered`, none missing and none twice at the sink (by webhook-id).
 */
const N = 20_000;

export async function run(dbUrl: string, pool: pg.Pool) {
  const sink = await startWebhookSink({ record: false });
  const server = await spawnServer('all', { DATABASE_URL: dbUrl, WEBHOOK_ALLOW_LOOPBACK: 'true' });
  try {
    const { cookie, workspaceId } = await signIn(server.url);
    const res = await fetch(`${server.url}/api/event-webhooks`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ url: sink.url, events: ['message.received'], description: 'bench sink' }),
    });
    const sub = (await res.json()) as { id: string; secret: string };
    if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${JSON.stringify(sub)}`);
    sink.secrets.push(sub.secret);

    const events: OutgoingEvent[] = Array.from({ length: N }, (_, i) => ({
      workspaceId,
      type: 'message.received',
      data: { conversationId: null, contactId: null, text: `Bench message ${i}`, n: i },
    }));
    const t0 = performance.now();
    const emitted = await emitEvents(pool, events);
    const emitSeconds = (performance.now() - t0) / 1000;
    let timedOut = false;
    while (sink.byId.size < emitted) {
      if (performance.now() - t0 > 300_000) {
        timedOut = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (performance.now() - t0) / 1000;
    // The job marks a row delivered after the sink's 200: give the last batch a moment to commit.
    let rows: { status: string; n: number }[] = [];
    for (let i = 0; i < 100; i++) {
      rows = (
        await pool.query<{ status: string; n: number }>(
          `select status, count(*)::int as n from event_webhook_deliveries where subscription_id = $1 group by status order by status`,
          [sub.id],
        )
      ).rows;
      if (rows.every((r) => r.status === 'delivered')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const deliveredRows = rows.find((r) => r.status === 'delivered')?.n ?? 0;
    const unverified = [...sink.byId.values()].filter((d) => !d.verified).length;
    const ok = !timedOut && emitted === N && sink.byId.size === N && sink.count() === N && deliveredRows === N && unverified === 0;
    const result = {
      events: N,
      emitted,
      emitSeconds: +emitSeconds.toFixed(2),
      seconds: +seconds.toFixed(2),
      deliveriesPerSecond: Math.round(sink.byId.size / seconds),
      uniqueAtSink: sink.byId.size,
      requestsAtSink: sink.count(),
      duplicates: sink.count() - sink.byId.size,
      missing: N - sink.byId.size,
      unverified,
      rowsByStatus: Object.fromEntries(rows.map((r) => [r.status, r.n])),
      check: ok ? 'ok' : 'MISMATCH',
      target: 'deliveriesPerSecond ≥ 500',
      met: ok && sink.byId.size / seconds >= 500,
    };
    console.log('webhooks-fanout:', result);
    return result;
  } finally {
    await server.stop();
    await sink.close();
  }
}
