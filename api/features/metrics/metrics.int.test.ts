import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { messagingWebhook } from '../../../tests/fakes/meta-webhook-payloads';
import { edge, keywordTrigger, node, publishFlow } from '../../../tests/support/flows';
import { useMetaApp } from '../../../tests/support/meta-app';
import { startTestApp } from '../../../tests/support/test-app';

/**
 * GET /metrics (ADR 0036): off without METRICS_TOKEN, Bearer-only with it, and figures that move
 * with the work: a signed Meta webhook accepted, its event stored, the flow's DM sent through the
 * Graph API fake, the steps taken, with the HTTP latency of each route under its pattern.
 */
const TOKEN = 'metrics-token-0123456789abcdef';
const meta = useMetaApp({ METRICS_TOKEN: TOKEN });

type Samples = Map<string, number>;

async function scrape(): Promise<{ status: number; type: string | null; text: string; samples: Samples }> {
  const res = await fetch(`${meta.t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const text = await res.text();
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (m) samples.set(m[1]!, Number(m[2]));
  }
  return { status: res.status, type: res.headers.get('content-type'), text, samples };
}

const value = (samples: Samples, series: string) => samples.get(series) ?? 0;

it('is off without METRICS_TOKEN: 404', async () => {
  const off = await startTestApp({ ui: false });
  try {
    const res = await fetch(`${off.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('replypilot_');
  } finally {
    await off.stop();
  }
});

it('answers only the Bearer token, in Prometheus text format with every metric', async () => {
  const url = `${meta.t.baseUrl}/metrics`;
  const none = await fetch(url);
  expect(none.status).toBe(401);
  expect(none.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
  for (const authorization of ['Bearer wrong-token-wrong-token', `Bearer ${TOKEN}x`, `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`, TOKEN]) {
    const res = await fetch(url, { headers: { authorization } });
    expect(res.status, authorization).toBe(401);
    expect(await res.text()).not.toContain('replypilot_');
  }

  const ok = await scrape();
  expect(ok.status).toBe(200);
  expect(ok.type).toBe('text/plain; version=0.0.4; charset=utf-8');
  for (const name of [
    'replypilot_http_request_duration_seconds',
    'replypilot_webhooks_accepted_total',
    'replypilot_database_up',
    'replypilot_fleet_inbound_events_total',
    'replypilot_fleet_inbound_pending_events',
    'replypilot_fleet_inbound_lag_seconds',
    'replypilot_fleet_inbound_failed_events',
    'replypilot_fleet_jobs',
    'replypilot_fleet_job_oldest_due_seconds',
    'replypilot_fleet_sends_total',
    'replypilot_fleet_sends_pending',
    'replypilot_fleet_send_latency_seconds',
    'replypilot_fleet_flow_steps_total',
    'replypilot_fleet_ai_model_answers_total',
    'replypilot_fleet_workers_alive',
    'process_cpu_seconds_total',
    'nodejs_eventloop_lag_seconds',
  ]) {
    expect(ok.text).toContain(`# TYPE ${name} `);
  }
  expect(value(ok.samples, 'replypilot_database_up')).toBe(1);
  // Every task of the catalogue has its series, at 0 when it has no job.
  expect(ok.samples.has('replypilot_fleet_jobs{task="inbound.process",state="queued"}')).toBe(true);
  expect(value(ok.samples, 'replypilot_fleet_workers_alive')).toBeGreaterThanOrEqual(1);
});

it('moves when a webhook is accepted, its event stored, a send completed and flow steps taken', async () => {
  const { w, igId } = await meta.connectedWorkspace('metrics');
  const flowId = await publishFlow(w.client, {
    nodes: [keywordTrigger(['price']), node('2', 'instagramDM', { text: 'Our prices: replypilot.example/prices' }), node('3', 'complete')],
    edges: [edge('1', '2'), edge('2', '3')],
  });
  expect((await w.client.get(`/api/flows/${flowId}`)).status).toBe(200);
  const before = (await scrape()).samples;

  const delivered = await meta.fake.deliverWebhook(
    meta.hook,
    messagingWebhook('instagram', igId, [{ sender: 'fan-metrics', recipient: igId, message: { mid: 'mid-metrics-1', text: 'price' } }]),
  );
  expect(delivered.status).toBe(200);

  const grew = (samples: Samples, series: string) => value(samples, series) - value(before, series);
  // This process counts the delivery as it answers it; the fleet figures come from PostgreSQL once their rows have committed.
  let after: Samples = before;
  await expect
    .poll(
      async () => {
        after = (await scrape()).samples;
        return [
          grew(after, 'replypilot_webhooks_accepted_total{platform="meta"}'),
          grew(after, 'replypilot_fleet_inbound_events_total{provider="meta"}'),
          grew(after, 'replypilot_fleet_sends_total{platform="instagram",outcome="sent"}'),
          grew(after, 'replypilot_fleet_send_latency_seconds_count{platform="instagram"}'),
          grew(after, 'replypilot_fleet_flow_steps_total{kind="instagramDM"}'),
        ];
      },
      { timeout: 30_000, interval: 500 },
    )
    .toEqual([1, 1, 1, 1, 1]);
  // The send really happened, once: the Graph API fake has the DM, the ledger the sent row.
  const sent = await meta.pool.query("select sent_at - created_at as latency from outbound_ledger where status = 'sent'");
  expect(sent.rows).toHaveLength(1);
  // Its latency lies in the buckets at and above it, and the sum is the ledger's own figure.
  expect(grew(after, 'replypilot_fleet_send_latency_seconds_bucket{platform="instagram",le="+Inf"}')).toBe(1);
  expect(grew(after, 'replypilot_fleet_send_latency_seconds_sum{platform="instagram"}')).toBeGreaterThan(0);
  expect(value(after, 'replypilot_fleet_inbound_pending_events')).toBe(0);
  expect(value(after, 'replypilot_fleet_inbound_lag_seconds')).toBe(0);

  // HTTP latency by route pattern: the flow's id is not a label value.
  const { text } = await scrape();
  expect(text).toMatch(/replypilot_http_request_duration_seconds_count\{method="GET",route="\/api\/flows\/:id",status="2xx"\} [1-9]/);
  expect(text).toMatch(/replypilot_http_request_duration_seconds_count\{method="POST",route="\/api\/webhooks\/facebook\/webhook",status="2xx"\} 1/);
  expect(text).not.toContain(flowId);
});

it('keeps answering while the database refuses connections, with replypilot_database_up 0, and recovers', async () => {
  const admin = new pg.Client({ connectionString: `${inject('pgBaseUrl')}/postgres` });
  await admin.connect();
  try {
    await admin.query(`alter database ${meta.t.db.name} with allow_connections false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [meta.t.db.name]);
    await expect.poll(async () => value((await scrape()).samples, 'replypilot_database_up'), { timeout: 20_000, interval: 500 }).toBe(0);
    const down = await scrape();
    expect(down.status).toBe(200);
    expect(down.samples.has('process_cpu_seconds_total')).toBe(true);
  } finally {
    await admin.query(`alter database ${meta.t.db.name} with allow_connections true`);
    await admin.end();
  }
  await expect.poll(async () => value((await scrape()).samples, 'replypilot_database_up'), { timeout: 20_000, interval: 500 }).toBe(1);
});
