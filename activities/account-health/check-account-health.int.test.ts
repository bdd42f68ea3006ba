import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueHealthChecks } from '../../db/accounts/enqueue-health-checks';
import { startMetaGraphFake, type MetaGraphFake } from '../../tests/fakes/meta-graph.fake';
import { messagingWebhook } from '../../tests/fakes/meta-webhook-payloads';
import { startXApiFake, type XApiFake } from '../../tests/fakes/x-api.fake';
import type { HttpClient } from '../../tests/support/http-client';
import { fakePage, seedMetaAccounts } from '../../tests/support/meta-accounts';
import { oauthRoundTrip } from '../../tests/support/oauth-round-trip';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { newWorkspaceUser } from '../../tests/support/workspace';

let t: TestApp;
let meta: MetaGraphFake;
let x: XApiFake;
const DAY = 86_400_000;

beforeAll(async () => {
  meta = await startMetaGraphFake();
  x = await startXApiFake();
  t = await startTestApp({ env: { ...meta.env, ...x.env } });
});
afterAll(async () => {
  await t.stop();
  await meta.stop();
  await x.stop();
});

const pool = () => t.app.database.pool;
const check = async (client: HttpClient, accountId: string) => {
  const res = await client.post(`/api/social-accounts/${accountId}/check-health`, {});
  expect(res.status).toBe(200);
  return res.data as {
    verdict: string;
    detail: string | null;
    account: {
      status: string;
      statusReason: string | null;
      healthCheckedAt: string | null;
      healthError: string | null;
      tokenExpiresAt: string | null;
      username: string;
    };
  };
};
const activities = async (client: HttpClient, action: string) =>
  ((await client.get('/api/automation/activity')).data.activities as { action: string; message: string }[]).filter((a) => a.action === action);

async function pageWorkspace(prefix: string) {
  const w = await newWorkspaceUser(t.baseUrl);
  const page = fakePage(prefix);
  meta.addPage(page);
  const ids = await seedMetaAccounts(pool(), w.user.workspaceId, page);
  return { w, page, pageAccountId: ids.pageAccountId, igAccountId: ids.igAccountId! };
}

describe('Facebook Login accounts: debug_token', () => {
  it('a working Page token with every permission is healthy; its data-access expiry becomes the token expiry', async () => {
    const { w, pageAccountId, igAccountId } = await pageWorkspace('healthy');
    for (const id of [pageAccountId, igAccountId]) {
      const r = await check(w.client, id);
      expect(r).toMatchObject({ verdict: 'healthy', detail: null, account: { status: 'active', healthError: null } });
      expect(Date.parse(r.account.healthCheckedAt!)).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(r.account.tokenExpiresAt!) - Date.now()).toBeGreaterThan(80 * DAY);
    }
    const call = meta.calls.filter((c) => c.path === '/debug_token').at(-1)!;
    expect(call.token).toBe(`${meta.app.id}|${meta.app.secret}`); // the app token, never the Page token
    expect((await w.client.get('/api/social-accounts/health')).data.warnings).toEqual([]);
    const { rows } = await pool().query('select granted_scopes from social_accounts where id = $1', [igAccountId]);
    expect(rows[0].granted_scopes).toContain('instagram_manage_messages');
  });

  it('a permission removed in Facebook marks the account needing reconnection, says which, and alerts once', async () => {
    const { w, page, pageAccountId, igAccountId } = await pageWorkspace('perm');
    await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['link'], responseTemplate: 'Here: example.com' });
    meta.removePermission(page.id, 'instagram_manage_messages');
    const r = await check(w.client, igAccountId);
    expect(r.verdict).toBe('needs_reconnect');
    expect(r.detail).toBe('the permission instagram_manage_messages was removed in Facebook');
    expect(r.account).toMatchObject({ status: 'needs_reconnect', statusReason: 'the permission instagram_manage_messages was removed in Facebook' });
    // The Page itself still has what Messenger needs.
    expect((await check(w.client, pageAccountId)).verdict).toBe('healthy');

    const alerts = await activities(w.client, 'account_needs_reconnect');
    expect(alerts.map((a) => a.message)).toEqual([
      `@${page.instagram!.username} needs reconnecting: the permission instagram_manage_messages was removed in Facebook. Its automations are paused until you reconnect it.`,
    ]);
    expect((await w.client.get('/api/social-accounts/health')).data.warnings).toEqual([
      expect.objectContaining({ accountId: igAccountId, kind: 'needs_reconnect', message: expect.stringMatching(/^1 automation stopped: @perm/) }),
    ]);
    // Checked again (the next round): nothing more to say.
    expect((await check(w.client, igAccountId)).verdict).toBe('skipped');
    expect(await activities(w.client, 'account_needs_reconnect')).toHaveLength(1);

    // A send from the marked account stops before calling Meta.
    const before = meta.calls.length;
    await meta.deliverWebhook(
      `${t.baseUrl}/api/webhooks/facebook/webhook`,
      messagingWebhook('instagram', page.instagram!.id, [
        { sender: '900001', recipient: page.instagram!.id, message: { mid: `m-perm-${Date.now()}`, text: 'hi' } },
      ]),
    );
    const send = await w.client.post('/api/social-accounts/instagram/send-message', { pageId: page.id, recipientId: '900001', message: 'Hello' });
    expect(send.status).toBeGreaterThanOrEqual(400);
    expect(send.data.error).toMatch(/needs reconnecting/);
    expect(meta.calls.slice(before).filter((c) => c.path.endsWith('/messages'))).toHaveLength(0);
  });

  it('a revoked token is found without any send failing', async () => {
    const { w, page, pageAccountId } = await pageWorkspace('revoked');
    meta.revokeToken(page.accessToken);
    const r = await check(w.client, pageAccountId);
    expect(r.verdict).toBe('needs_reconnect');
    expect(r.detail).toMatch(/^Meta says the access token is no longer valid \(Error validating access token: The session has been invalidated/);
  });

  it('no verdict on throttling or an app-token error: the account is left active with the reason shown', async () => {
    const { w, pageAccountId } = await pageWorkspace('unknown');
    meta.failNext(/^\/debug_token$/, { code: 4 });
    const throttled = await check(w.client, pageAccountId);
    expect(throttled).toMatchObject({ verdict: 'unknown', account: { status: 'active' } });
    expect(throttled.account.healthError).toMatch(/^Meta could not check the token: \(#4\) Application request limit reached/);
    // 190 on debug_token is about our app credentials (a wrong FACEBOOK_APP_SECRET), not the Page's token.
    meta.failNext(/^\/debug_token$/, { code: 190, message: 'Invalid OAuth access token signature.' });
    expect(await check(w.client, pageAccountId)).toMatchObject({ verdict: 'unknown', account: { status: 'active' } });
    // The next check gets through and clears the error.
    expect(await check(w.client, pageAccountId)).toMatchObject({ verdict: 'healthy', account: { healthError: null } });
  });

  it('warns once per expiry date when data access is about to expire', async () => {
    const { w, page, igAccountId } = await pageWorkspace('expiring');
    await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['x'], responseTemplate: 'y' });
    meta.setDataAccessExpiry(page.id, new Date(Date.now() + 5 * DAY - 60_000));
    await check(w.client, igAccountId);
    await check(w.client, igAccountId);
    const expected = `1 automation will stop in 5 days unless you reconnect @${page.instagram!.username}`;
    expect((await activities(w.client, 'account_token_expiring')).map((a) => a.message)).toEqual([expected]);
    expect((await w.client.get('/api/social-accounts/health')).data.warnings).toEqual([
      expect.objectContaining({ kind: 'expiring', daysLeft: 5, message: expected }),
    ]);
    // A new expiry date (the person used the app again, then it nears expiry again) is announced again.
    meta.setDataAccessExpiry(page.id, new Date(Date.now() + 3 * DAY - 60_000));
    await check(w.client, igAccountId);
    expect(await activities(w.client, 'account_token_expiring')).toHaveLength(2);
  });

  it('is 404 for another workspace or an id that cannot exist; a sandbox account has nothing to check', async () => {
    const a = await pageWorkspace('tenant');
    const b = await newWorkspaceUser(t.baseUrl);
    expect((await b.client.post(`/api/social-accounts/${a.pageAccountId}/check-health`, {})).status).toBe(404);
    expect((await b.client.post('/api/social-accounts/not-a-uuid/check-health', {})).status).toBe(404);
    expect((await b.client.post(`/api/social-accounts/${b.instagram.id}/check-health`, {})).data).toMatchObject({
      verdict: 'skipped',
      detail: 'sandbox accounts have no token',
    });
  });
});

describe('Instagram Login accounts: /me and the 60-day refresh', () => {
  async function connectInstagram(prefix: string) {
    const w = await newWorkspaceUser(t.baseUrl);
    const acc = { ...fakePage(prefix).instagram!, id: `1789${Date.now()}${Math.floor(Math.random() * 1000)}` };
    meta.signInToInstagramAs(acc);
    await oauthRoundTrip(w.client, '/oauth/instagram');
    const { rows } = await pool().query<{ id: string }>('select id from social_accounts where external_id = $1', [acc.id]);
    return { w, acc, accountId: rows[0]!.id };
  }

  it('renews a token with fewer than 50 days left, keeps using the new one, and refreshes the profile', async () => {
    const { w, acc, accountId } = await connectInstagram('igrenew');
    // Fresh from connect: 60 days left, nothing to renew.
    expect(await check(w.client, accountId)).toMatchObject({ verdict: 'healthy' });
    expect(meta.calls.filter((c) => c.path === '/refresh_access_token')).toHaveLength(0);

    await pool().query(`update social_accounts set token_expires_at = now() + interval '20 days' where id = $1`, [accountId]);
    acc.username = 'igrenew_renamed';
    acc.followers_count = 4321;
    const r = await check(w.client, accountId);
    expect(r).toMatchObject({ verdict: 'healthy', account: { username: 'igrenew_renamed' } });
    expect(Date.parse(r.account.tokenExpiresAt!) - Date.now()).toBeGreaterThan(59 * DAY);
    expect(meta.calls.filter((c) => c.path === '/refresh_access_token')).toHaveLength(1);
    const listed = (await w.client.get('/api/social-accounts/facebook/pages')).data.instagramAccounts;
    expect(listed).toEqual([expect.objectContaining({ id: acc.id, username: 'igrenew_renamed', followers_count: 4321 })]);

    // Sends now use the renewed token.
    await meta.deliverWebhook(
      `${t.baseUrl}/api/webhooks/facebook/webhook`,
      messagingWebhook('instagram', acc.id, [{ sender: '900002', recipient: acc.id, message: { mid: `m-igrenew-${Date.now()}`, text: 'hi' } }]),
      { secret: meta.igApp.secret },
    );
    // The person's message opens Meta's 24-hour window once the inbound job has stored it.
    await expect.poll(async () => (await w.client.get('/api/conversations')).data.conversations.length, { timeout: 10_000 }).toBe(1);
    const sent = await w.client.post('/api/social-accounts/instagram/send-message', { pageId: acc.id, recipientId: '900002', message: 'Hello again' });
    expect(sent.status).toBe(200);
    expect(meta.calls.filter((c) => c.path === `/${acc.id}/messages`).at(-1)?.token).toMatch(/^IGQVJrenewed/);
  });

  it('a revoked Instagram Login token needs reconnecting', async () => {
    const { w, accountId } = await connectInstagram('igrevoked');
    const token = meta.calls.filter((c) => c.path === '/me' && c.token?.startsWith('IGQVJlong')).at(-1)!.token!;
    meta.revokeToken(token);
    const r = await check(w.client, accountId);
    expect(r.verdict).toBe('needs_reconnect');
    expect(r.detail).toMatch(/^Instagram rejected the access token — .*\(code 190/);
  });
});

describe('X accounts: /2/users/me with refresh', () => {
  let n = 0;
  async function connectX() {
    const w = await newWorkspaceUser(t.baseUrl);
    n += 1;
    const user = { id: `55${Date.now()}${n}`, username: `xbrand${n}`, name: `X Brand ${n}` };
    x.signInAs(user);
    await oauthRoundTrip(w.client, '/oauth/twitter');
    const { rows } = await pool().query<{ id: string }>("select id from social_accounts where provider = 'x' and external_id = $1", [user.id]);
    return { w, user, accountId: rows[0]!.id };
  }

  it('is healthy while X answers; an expired access token is refreshed first', async () => {
    const { w, accountId } = await connectX();
    expect((await check(w.client, accountId)).verdict).toBe('healthy');
    await pool().query(`update social_accounts set token_expires_at = now() - interval '1 minute' where id = $1`, [accountId]);
    const r = await check(w.client, accountId);
    expect(r.verdict).toBe('healthy');
    expect(Date.parse(r.account.tokenExpiresAt!) - Date.now()).toBeGreaterThan(60 * 60_000);
  });

  it('an app removed in X settings needs reconnecting (rejected token, then refused refresh)', async () => {
    const a = await connectX();
    x.revokeApp(a.user.id);
    const r = await check(a.w.client, a.accountId);
    expect(r).toMatchObject({ verdict: 'needs_reconnect', detail: 'X rejected the access token — Unauthorized (HTTP 401)' });

    const b = await connectX();
    x.revokeApp(b.user.id);
    await pool().query(`update social_accounts set token_expires_at = now() - interval '1 minute' where id = $1`, [b.accountId]);
    expect((await check(b.w.client, b.accountId)).detail).toMatch(
      /^X rejected the access token — token refresh refused: Value passed for the token was invalid/,
    );
  });
});

describe('scheduled checks (worker jobs)', () => {
  it('queues every connected account due for a check, and the worker checks each once', async () => {
    const { page, pageAccountId, igAccountId } = await pageWorkspace('cron');
    meta.removePermission(page.id, 'pages_messaging');
    const queued = await enqueueHealthChecks(pool(), { dueAfterMinutes: 60 });
    expect(queued).toBeGreaterThanOrEqual(2);
    const state = async () =>
      (
        await pool().query('select id, status, status_reason, health_checked_at from social_accounts where id = any($1) order by platform', [
          [pageAccountId, igAccountId],
        ])
      ).rows;
    await expect.poll(async () => (await state()).every((r) => r.health_checked_at !== null), { timeout: 15_000 }).toBe(true);
    const [facebook, instagram] = await state();
    expect(facebook).toMatchObject({ status: 'needs_reconnect', status_reason: 'the permission pages_messaging was removed in Facebook' });
    expect(instagram).toMatchObject({ status: 'active' });
    // Just checked: not due again, so the next sweep queues neither.
    const again = await pool().query('select 1 from graphile_worker.jobs where key = any($1)', [
      [`account-health:${pageAccountId}`, `account-health:${igAccountId}`],
    ]);
    expect(again.rowCount).toBe(0);
    await enqueueHealthChecks(pool(), { dueAfterMinutes: 60 });
    const requeued = await pool().query('select 1 from graphile_worker.jobs where key = any($1)', [
      [`account-health:${pageAccountId}`, `account-health:${igAccountId}`],
    ]);
    expect(requeued.rowCount).toBe(0);
  });
});
