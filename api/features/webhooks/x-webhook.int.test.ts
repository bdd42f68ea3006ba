import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenCipher } from '../../../integrations/crypto/token-cipher';
import { startXApiFake, type XApiFake } from '../../../tests/fakes/x-api.fake';
import type { HttpClient } from '../../../tests/support/http-client';
import { oauthRoundTrip } from '../../../tests/support/oauth-round-trip';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
let x: XApiFake;
let hook: string;
let seq = 0;

beforeAll(async () => {
  x = await startXApiFake();
  t = await startTestApp({ env: { ...x.env, SEND_RETRY_BASE_MS: '200' } });
  hook = `${t.baseUrl}/api/webhooks/x`;
});
afterAll(async () => {
  await t.stop();
  await x.stop();
});

/** Runs the browser's redirect chain: /oauth/twitter → the fake's authorize page → our callback. */
async function connectX(client: HttpClient) {
  seq += 1;
  const user = { id: `44${Date.now()}${seq}`, username: `brand${seq}`, name: `Brand ${seq}` };
  x.signInAs(user);
  const { authorize, done } = await oauthRoundTrip(client, '/oauth/twitter');
  return { user, authorize, done };
}

const dmEvent = (forUser: string, from: string, to: string, id: string, text: string) => ({
  for_user_id: forUser,
  direct_message_events: [
    {
      type: 'message_create',
      id,
      created_timestamp: String(Date.now()),
      message_create: { target: { recipient_id: to }, sender_id: from, message_data: { text } },
    },
  ],
  users: { [from]: { id: from, screen_name: `user${from}`, name: `User ${from}` } },
});

describe('X Account Activity webhook', () => {
  it('answers the CRC with sha256=base64(HMAC(client secret, crc_token))', async () => {
    const res = await fetch(`${hook}?crc_token=abc123`);
    expect(await res.json()).toEqual({ response_token: `sha256=${createHmac('sha256', x.client.secret).update('abc123').digest('base64')}` });
  });

  it('refuses unsigned or wrongly signed POSTs and stores nothing', async () => {
    const before = (await t.app.database.pool.query("select count(*)::int as n from inbound_events where provider = 'x'")).rows[0].n;
    expect((await x.deliverWebhook(hook, dmEvent('1', '2', '1', 'dm-x-1', 'hi'), { unsigned: true })).status).toBe(403);
    expect((await x.deliverWebhook(hook, dmEvent('1', '2', '1', 'dm-x-1', 'hi'), { secret: 'wrong' })).status).toBe(403);
    expect((await t.app.database.pool.query("select count(*)::int as n from inbound_events where provider = 'x'")).rows[0].n).toBe(before);
  });
});

describe('X connect (OAuth 2.0 PKCE), inbound DMs and mentions, DM replies', () => {
  it('connects, stores DMs and mentions, and replies by DM with refresh, throttling and reconnect handling', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const { user, authorize, done } = await connectX(w.client);
    expect(authorize.searchParams.get('scope')).toBe('dm.read dm.write tweet.read tweet.write users.read offline.access');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(done.headers.get('location')).toBe('/connect-accounts?connected=1');
    const account = (await w.client.get('/api/social-accounts')).data.find((a: { provider: string }) => a.provider === 'x');
    expect(account).toMatchObject({ platform: 'twitter', username: user.username, status: 'active' });

    // Inbound: a DM, our own DM echoed back, a mention, a post that is neither (skipped).
    await x.deliverWebhook(hook, dmEvent(user.id, '9001', user.id, `dm-in-${seq}`, 'hello brand'));
    await x.deliverWebhook(hook, dmEvent(user.id, user.id, '9001', `dm-own-${seq}`, 'typed on x.com'));
    await x.deliverWebhook(hook, {
      for_user_id: user.id,
      tweet_create_events: [
        {
          id_str: `tw-${seq}`,
          text: `@${user.username} price?`,
          in_reply_to_status_id_str: null,
          user: { id_str: '9002', screen_name: 'asker' },
          entities: { user_mentions: [{ id_str: user.id }] },
        },
        { id_str: `tw-other-${seq}`, text: 'unrelated', user: { id_str: '9003' }, entities: { user_mentions: [] } },
      ],
    });
    await expect.poll(async () => (await w.client.get('/api/conversations')).data.conversations.length, { timeout: 10_000 }).toBe(1);
    const conv = (await w.client.get('/api/conversations')).data.conversations[0];
    expect(conv).toMatchObject({ platform: 'twitter', customerName: 'User 9001' });
    // One account's events are processed in order, one batch after another (ADR 0020): the echo may
    // land a moment after the DM that opened the conversation.
    await expect
      .poll(
        async () =>
          (await w.client.get(`/api/conversations/${conv.id}/messages`)).data.messages.map((m: { direction: string; content: string }) => [
            m.direction,
            m.content,
          ]),
        { timeout: 10_000 },
      )
      .toEqual([
        ['inbound', 'hello brand'],
        ['outbound', 'typed on x.com'],
      ]);
    await expect
      .poll(
        async () => (await t.app.database.pool.query('select platform_comment_id, author_username from comments where account_id = $1', [account.id])).rows,
        { timeout: 10_000 },
      )
      .toEqual([{ platform_comment_id: `tw-${seq}`, author_username: 'asker' }]);

    // Reply from the inbox: a DM through the X API.
    const dmsTo9001 = () => x.sends.filter((s) => s.kind === 'dm' && s.to === '9001');
    await w.client.post(`/api/conversations/${conv.id}/messages`, { content: 'Hi from the team' });
    await expect.poll(() => dmsTo9001().map((s) => s.text), { timeout: 10_000 }).toEqual(['Hi from the team']);

    // 429 with x-rate-limit-reset: rescheduled, then delivered.
    x.failNext(/^\/2\/dm_conversations\//, 429);
    await w.client.post(`/api/conversations/${conv.id}/messages`, { content: 'After the limit' });
    await expect.poll(() => dmsTo9001().length, { timeout: 15_000 }).toBe(2);
    expect(x.calls.filter((c) => c.path === '/2/dm_conversations/with/9001/messages')).toHaveLength(3); // sent, throttled, sent

    // An expired access token is refreshed (rotating refresh token) before sending.
    const { rows: before } = await t.app.database.pool.query('select refresh_token_enc from social_accounts where id = $1', [account.id]);
    x.expireAccessTokens();
    await t.app.database.pool.query('update social_accounts set token_expires_at = now() where id = $1', [account.id]);
    await w.client.post(`/api/conversations/${conv.id}/messages`, { content: 'After a refresh' });
    await expect.poll(() => dmsTo9001().length, { timeout: 10_000 }).toBe(3);
    const { rows: after } = await t.app.database.pool.query(
      "select refresh_token_enc, token_expires_at > now() + interval '1 hour' as fresh from social_accounts where id = $1",
      [account.id],
    );
    expect(after[0].fresh).toBe(true);
    expect(after[0].refresh_token_enc).not.toBe(before[0].refresh_token_enc);

    // A refresh token X no longer accepts: the account needs reconnecting, nothing is sent.
    x.expireAccessTokens();
    await t.app.database.pool.query('update social_accounts set token_expires_at = now(), refresh_token_enc = $2 where id = $1', [
      account.id,
      createTokenCipher('0'.repeat(64)).encrypt('revoked-refresh-token'),
    ]);
    await w.client.post(`/api/conversations/${conv.id}/messages`, { content: 'Never delivered' });
    await expect
      .poll(async () => (await w.client.get('/api/social-accounts')).data.find((a: { id: string }) => a.id === account.id).status, { timeout: 10_000 })
      .toBe('needs_reconnect');
    expect(dmsTo9001()).toHaveLength(3);
    const health = (await w.client.get('/api/social-accounts/health')).data.warnings;
    expect(health[0]).toMatchObject({ kind: 'needs_reconnect', accountId: account.id });
  });
});

describe('X Account Activity subscription at connect', () => {
  const activity = async (client: HttpClient) => (await client.get('/api/automation/activity')).data.activities as { action: string; message: string }[];

  it('registers the app webhook once (X checks it with a CRC against our server) and subscribes each connected account', async () => {
    // (Earlier tests in this file connected accounts to the same fake, so the webhook may exist already.)
    const a = await newWorkspaceUser(t.baseUrl);
    const first = await connectX(a.client);
    expect(x.webhooks).toEqual([expect.objectContaining({ url: hook, valid: true })]);
    const id = x.webhooks[0]!.id;
    expect([...(x.subscriptions.get(id) ?? [])]).toContain(first.user.id);
    expect((await activity(a.client)).find((e) => e.action === 'webhook_subscribed')?.message).toBe(
      `Subscribed @${first.user.username} to X Account Activity (webhook ${id})`,
    );
    // The registration was made with the app-only Bearer, the subscription with the user's own token.
    expect(x.calls.find((c) => c.method === 'POST' && c.path === '/2/webhooks')?.token).toBe(x.appBearer);
    expect(x.calls.find((c) => c.path === `/2/account_activity/webhooks/${id}/subscriptions/all`)?.token).toMatch(/^xat-/);

    const b = await newWorkspaceUser(t.baseUrl);
    const second = await connectX(b.client);
    expect(x.webhooks).toHaveLength(1); // found by URL, not registered twice
    expect([...(x.subscriptions.get(id) ?? [])]).toEqual(expect.arrayContaining([first.user.id, second.user.id]));
  });

  it('a refusal (no Account Activity access) still connects the account and says why nothing will arrive', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    x.failNext(/^\/2\/webhooks$/, 403);
    const { user, done } = await connectX(w.client);
    expect(done.headers.get('location')).toBe('/connect-accounts?connected=1');
    expect((await activity(w.client)).find((e) => e.action === 'webhook_subscription_failed')?.message).toBe(
      `Could not subscribe @${user.username} to X Account Activity, so its DMs and mentions will not arrive: You are not allowed to send a message to this user.`,
    );
  });
});
