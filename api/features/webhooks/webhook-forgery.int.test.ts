import { createHmac } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startXApiFake, type XApiFake } from '../../../tests/fakes/x-api.fake';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { WEBHOOK_BODY_LIMIT_BYTES } from './webhook-limits';

let t: TestApp;
let x: XApiFake;

beforeAll(async () => {
  x = await startXApiFake();
  t = await startTestApp({ env: { ...x.env, FACEBOOK_APP_SECRET: 'meta-app-secret' } });
});
afterAll(async () => {
  await t.stop();
  await x.stop();
});

const xEvents = async () => (await t.app.database.pool.query<{ n: number }>("select count(*)::int as n from inbound_events where provider = 'x'")).rows[0]!.n;

describe('X CRC cannot be used to sign event bodies', () => {
  const forged = JSON.stringify({
    for_user_id: '4242',
    direct_message_events: [
      {
        type: 'message_create',
        id: 'forged-dm-1',
        created_timestamp: '1795400000000',
        message_create: { target: { recipient_id: '4242' }, sender_id: '666', message_data: { text: 'forged' } },
      },
    ],
  });

  it('refuses a crc_token that is not the shape X sends, so no JSON body gets a signature', async () => {
    const res = await fetch(`${t.baseUrl}/api/webhooks/x?crc_token=${encodeURIComponent(forged)}`);
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain('response_token');
  });

  it('still answers X-shaped tokens, and a POST signed with any CRC answer is refused', async () => {
    const token = 'dGhpcyBpcyBhIGNyYyB0b2tlbg==';
    const res = await fetch(`${t.baseUrl}/api/webhooks/x?crc_token=${encodeURIComponent(token)}`);
    const { response_token } = (await res.json()) as { response_token: string };
    expect(response_token).toBe(`sha256=${createHmac('sha256', x.client.secret).update(token).digest('base64')}`);
    const before = await xEvents();
    const post = await fetch(`${t.baseUrl}/api/webhooks/x`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-twitter-webhooks-signature-oauth2': response_token },
      body: forged,
    });
    expect(post.status).toBe(403);
    expect(await xEvents()).toBe(before);
  });

  it('rate-limits the CRC route per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await fetch(`${t.baseUrl}/api/webhooks/x?crc_token=abc${i}`)).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(30);
  });
});

/** Starts a POST that declares `length` bytes, sends only the first KB, and resolves with the status. */
function partialUpload(path: string, headers: Record<string, string>, length: number) {
  const url = new URL(path, t.baseUrl);
  let req!: http.ClientRequest;
  let aborted = false;
  const status = new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { ...headers, 'content-length': String(length) } },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, headers: res.headers });
      },
    );
    req.on('error', (err) => (aborted ? resolve({ status: 0, headers: {} }) : reject(err)));
    req.write(Buffer.alloc(1024, 'a'));
  });
  return {
    status,
    abort: () => {
      aborted = true;
      req.destroy();
    },
  };
}

describe('webhook bodies are read only when they could be genuine', () => {
  it('answers an unsigned upload with 403 before reading its body', async () => {
    const meta = partialUpload('/api/webhooks/facebook/webhook', {}, 9 * 1024 * 1024);
    const xUp = partialUpload('/api/webhooks/x', { 'x-twitter-webhooks-signature-oauth2': 'sha256=garbage' }, 9 * 1024 * 1024);
    expect((await meta.status).status).toBe(403);
    expect((await xUp.status).status).toBe(403);
    meta.abort();
    xUp.abort();
  });

  it('refuses a declared length over the limit with 413 without reading it', async () => {
    const up = partialUpload('/api/webhooks/facebook/webhook', { 'x-hub-signature-256': `sha256=${'a'.repeat(64)}` }, WEBHOOK_BODY_LIMIT_BYTES + 1);
    expect((await up.status).status).toBe(413);
    up.abort();
  });
  // What an upload may hold while its body arrives (budgets, deadline): webhook-limits.int.test.ts.
});
