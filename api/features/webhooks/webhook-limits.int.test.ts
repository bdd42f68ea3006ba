import { afterEach, describe, expect, it } from 'vitest';
import { metaSignature } from '../../../tests/fakes/meta-graph.fake';
import { messagingWebhook } from '../../../tests/fakes/meta-webhook-payloads';
import { xSignature } from '../../../tests/fakes/x-api.fake';
import { heldUpload, type HeldUpload } from '../../../tests/support/held-upload';
import { rawRequest } from '../../../tests/support/raw-http';
import { useTestApp } from '../../../tests/support/use-test-app';
import {
  WEBHOOK_BODY_LIMIT_BYTES,
  WEBHOOK_INFLIGHT_BUDGET_BYTES,
  WEBHOOK_PER_SOURCE_BYTES,
  webhookBytesInFlight,
  webhookSourceBytesInFlight,
} from './webhook-limits';

// Four slow uploads that declared 10 MB with a signature-shaped
// header reserved the whole process-wide budget, and every tenant's genuine Meta and X deliveries got
// 503 until the uploads ended (Node's 300 s request timeout). Unauthenticated uploads are now bounded
// by a declared-length cap, a budget per source address, received (not declared) bytes against the
// process budget, and a body deadline that gives back what an upload held.
const META_SECRET = 'meta-app-secret';
const X_SECRET = 'x-client-secret';
const app = useTestApp({ env: { FACEBOOK_APP_SECRET: META_SECRET, X_CLIENT_ID: 'x-client-id', X_CLIENT_SECRET: X_SECRET } });

const META_PATH = '/api/webhooks/facebook/webhook';
const forgedMeta = { 'X-Hub-Signature-256': `sha256=${'0'.repeat(64)}`, 'Content-Type': 'application/json' };
let held: HeldUpload[] = [];
afterEach(async () => {
  for (const h of held) h.stop();
  await Promise.all(held.map((h) => h.closed));
  held = [];
  await expect.poll(() => webhookBytesInFlight()).toBe(0);
});

/** Never completes: it trickles up to one byte short of what it declared. */
function hold(from: string, declared: number, first = 1): HeldUpload {
  const h = heldUpload(app.t.baseUrl, { path: META_PATH, headers: forgedMeta, declared, first, from });
  held.push(h);
  return h;
}

/** A correctly signed Meta delivery (a DM to a Page nobody connected: stored, answered 200). */
async function signedMetaDelivery(from: string, mid: string) {
  const raw = JSON.stringify(messagingWebhook('page', '5550001', [{ sender: '777000199', recipient: '5550001', message: { mid, text: 'legit' } }]));
  const started = performance.now();
  const res = await rawRequest(app.t.baseUrl, META_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(raw, META_SECRET) },
    body: raw,
    localAddress: from,
  });
  return { status: res.status, ms: performance.now() - started, retryAfter: res.headers.get('retry-after') };
}

async function signedXDelivery(from: string, id: string) {
  const raw = JSON.stringify({
    for_user_id: '4242',
    direct_message_events: [
      {
        type: 'message_create',
        id,
        created_timestamp: '1795400000000',
        message_create: { target: { recipient_id: '4242' }, sender_id: '666', message_data: { text: 'legit' } },
      },
    ],
  });
  const started = performance.now();
  const res = await rawRequest(app.t.baseUrl, '/api/webhooks/x', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-twitter-webhooks-signature-oauth2': xSignature(raw, X_SECRET) },
    body: raw,
    localAddress: from,
  });
  return { status: res.status, ms: performance.now() - started };
}

describe('slow unsigned uploads cannot stop genuine webhook deliveries', () => {
  it('with four held uploads from 127.0.0.2–127.0.0.5, a signed delivery from 127.0.0.1 is answered 200 within a second', async () => {
    const sources = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
    // The review's repro: 10 MB declared, a signature-shaped header, one byte now and then…
    const tenMegabytes = sources.map((from) => hold(from, 10 * 1024 * 1024));
    // …and the largest upload a source may still start, held the same way.
    for (const from of sources) hold(from, WEBHOOK_BODY_LIMIT_BYTES);
    for (const from of sources) await expect.poll(() => webhookSourceBytesInFlight(from)).toBe(WEBHOOK_BODY_LIMIT_BYTES);

    const meta = await signedMetaDelivery('127.0.0.1', 'm_during_slow_uploads');
    expect(meta.status).toBe(200);
    expect(meta.ms).toBeLessThan(1000);
    const x = await signedXDelivery('127.0.0.1', 'x-during-slow-uploads');
    expect(x.status).toBe(200);
    expect(x.ms).toBeLessThan(1000);
    const stored = await app.pool.query("select event_key from inbound_events where event_key in ('msg:m_during_slow_uploads', 'dm:x-during-slow-uploads')");
    expect(stored.rowCount).toBeGreaterThanOrEqual(1);
    // A declared length over the largest real delivery is refused at once, unread.
    expect(await Promise.all(tenMegabytes.map((h) => h.status))).toEqual([413, 413, 413, 413]);
  });

  it('lets one source address hold one largest delivery at a time: the next gets 429 with Retry-After, other addresses are unaffected', async () => {
    hold('127.0.0.6', WEBHOOK_PER_SOURCE_BYTES);
    await expect.poll(() => webhookSourceBytesInFlight('127.0.0.6')).toBe(WEBHOOK_PER_SOURCE_BYTES);
    const second = hold('127.0.0.6', 1024);
    expect(await second.status).toBe(429);
    expect(await second.response).toMatch(/\r\nRetry-After: 5\r\n/i);
    expect((await signedMetaDelivery('127.0.0.7', 'm_other_source')).status).toBe(200);
  });

  it('counts the bytes that arrived, not the length declared', async () => {
    hold('127.0.0.8', WEBHOOK_BODY_LIMIT_BYTES, 65_536);
    await expect.poll(() => webhookBytesInFlight()).toBe(65_536);
  });

  it('past the process budget of bytes received, a sender gets 503 with Retry-After', async () => {
    const sources = Array.from({ length: WEBHOOK_INFLIGHT_BUDGET_BYTES / WEBHOOK_BODY_LIMIT_BYTES }, (_, i) => `127.0.1.${i + 1}`);
    // Each sends all but the last byte of the largest body, and holds it.
    for (const from of sources) hold(from, WEBHOOK_BODY_LIMIT_BYTES, WEBHOOK_BODY_LIMIT_BYTES - 1);
    await expect.poll(() => webhookBytesInFlight(), { timeout: 10_000 }).toBe(sources.length * (WEBHOOK_BODY_LIMIT_BYTES - 1));
    const late = await signedMetaDelivery('127.0.2.1', 'm_over_budget');
    expect(late.status).toBe(503);
    expect(late.retryAfter).toBe('5');
  });
});
