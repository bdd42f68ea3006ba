import { describe, expect, it } from 'vitest';
import { igCommentsWebhook, messagingWebhook } from '../../../tests/fakes/meta-webhook-payloads';
import { HttpClient } from '../../../tests/support/http-client';
import { useMetaApp } from '../../../tests/support/meta-app';
import { fakePage } from '../../../tests/support/meta-accounts';
import { oauthRoundTrip } from '../../../tests/support/oauth-round-trip';
import { newWorkspaceUser } from '../../../tests/support/workspace';

const meta = useMetaApp();

/** Runs the browser's redirect chain: our /oauth/facebook → the fake dialog → our callback. */
async function connect(client: HttpClient) {
  const { start, authorize: dialog, callback, done } = await oauthRoundTrip(client, '/oauth/facebook');
  expect(start.status).toBe(302);
  return { dialog, callback, done };
}

async function connectedWorkspace(prefix: string) {
  const w = await newWorkspaceUser(meta.t.baseUrl);
  const page = fakePage(prefix);
  const second = { ...fakePage(`${prefix}-plain`), instagram: undefined };
  meta.fake.signInAs({ id: `fb-user-${prefix}`, name: 'Owner', pages: [page, second] });
  const flow = await connect(w.client);
  return { w, page, second, ...flow };
}

describe('Connect Facebook Pages and Instagram accounts (Facebook Login)', () => {
  it('GET /api/connect-options: with a Meta app, Facebook and Instagram can connect (X has no app here)', async () => {
    expect((await new HttpClient(meta.t.baseUrl).get('/api/connect-options')).data.platforms).toEqual({ instagram: true, facebook: true, twitter: false });
  });

  it('asks for the page/messaging/Instagram scopes, stores Pages + Instagram with encrypted tokens, subscribes webhooks', async () => {
    const { w, page, second, dialog, done } = await connectedWorkspace('conn');
    expect(dialog.pathname).toMatch(/^\/v\d+\.\d+\/dialog\/oauth$/);
    const scopes = dialog.searchParams.get('scope')!.split(',');
    for (const s of [
      'pages_show_list',
      'pages_messaging',
      'pages_manage_engagement',
      'pages_manage_metadata',
      'instagram_basic',
      'instagram_manage_messages',
      'instagram_manage_comments',
      'business_management',
    ]) {
      expect(scopes).toContain(s);
    }
    expect(dialog.searchParams.get('redirect_uri')).toBe(`${meta.t.baseUrl}/oauth/facebook/callback`);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/social-messaging?connected=3');

    const pages = (await w.client.get('/api/social-accounts/facebook/pages')).data.pages;
    expect(pages).toHaveLength(2);
    expect(pages[0]).toMatchObject({
      id: page.id,
      name: page.name,
      category: 'Shopping & retail',
      instagram_business_account: { id: page.instagram!.id, username: page.instagram!.username, followers_count: 1234 },
    });
    expect(pages[1].instagram_business_account).toBeUndefined();
    expect(meta.fake.subscriptions.get(page.id)).toEqual(['messages', 'messaging_postbacks', 'message_echoes', 'feed', 'messaging_referrals']);
    expect(meta.fake.subscriptions.get(second.id)).toBeDefined();

    const { rows } = await meta.pool.query<{ access_token_enc: string }>('select access_token_enc from social_accounts where external_id = $1', [page.id]);
    expect(rows[0]!.access_token_enc).not.toContain(page.accessToken);
    expect(rows[0]!.access_token_enc).toMatch(/^v1\./);

    const profile = await w.client.get(`/api/social-accounts/instagram/profile/${page.id}`);
    expect(profile.data).toMatchObject({ id: page.instagram!.id, username: page.instagram!.username, media_count: 87 });
    expect((await w.client.get('/api/instagram/profile')).data.id).toBe(page.instagram!.id);
  });

  it('refuses a callback it did not start (state) and sends a signed-out visitor to /login', async () => {
    const w = await newWorkspaceUser(meta.t.baseUrl);
    const forged = await w.client.get('/oauth/facebook/callback?code=abc&state=forged');
    expect(forged.headers.get('location')).toMatch(/^\/connect-accounts\?error=facebook/);
    expect((await new HttpClient(meta.t.baseUrl).get('/oauth/facebook')).headers.get('location')).toBe('/login');
    expect((await new HttpClient(meta.t.baseUrl).get('/api/instagram/profile')).status).toBe(401);
    expect((await w.client.get('/api/social-accounts/facebook/pages')).data.pages).toEqual([]);
  });

  it('finishes two round trips started in one session (two tabs), each state once', async () => {
    const w = await newWorkspaceUser(meta.t.baseUrl);
    meta.fake.signInAs({ id: 'fb-user-tabs', name: 'Tabs', pages: [fakePage('tabs')] });
    const consent = async () => {
      const start = await w.client.get('/oauth/facebook');
      const back = await fetch(new URL(start.headers.get('location')!), { redirect: 'manual' });
      return new URL(back.headers.get('location')!);
    };
    const first = await consent();
    const second = await consent();
    expect(first.searchParams.get('state')).not.toBe(second.searchParams.get('state'));
    const done = await w.client.get(first.pathname + first.search);
    expect(done.headers.get('location')).toMatch(/^\/social-messaging\?connected=/);
    expect((await w.client.get(second.pathname + second.search)).headers.get('location')).toMatch(/^\/social-messaging\?connected=/);
    // Used once: the same callback again is refused.
    expect((await w.client.get(first.pathname + first.search)).headers.get('location')).toMatch(
      /^\/connect-accounts\?error=facebook&reason=The%20authorization%20expired/,
    );
  });

  it('stores the round trip in the session before the redirect reaches the browser', async () => {
    // express-session flushes a redirect's headers before it saves the session; a provider that
    // answers at once would bring the callback before the state exists. Headers only: no body wait.
    const w = await newWorkspaceUser(meta.t.baseUrl);
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${meta.t.baseUrl}/oauth/facebook`, { headers: { cookie: w.client.cookieHeader }, redirect: 'manual' });
      const state = new URL(res.headers.get('location')!).searchParams.get('state')!;
      const { rows } = await meta.t.app.database.pool.query<{ n: number }>(
        `select count(*)::int as n from user_sessions, jsonb_array_elements(sess::jsonb->'connects'->'metaConnect') p where p->>'state' = $1`,
        [state],
      );
      expect(rows[0]!.n).toBe(1);
      await res.body?.cancel();
    }
  });

  it('keeps other workspaces out: their Page ids answer 404', async () => {
    const a = await connectedWorkspace('tenant-a');
    const b = await newWorkspaceUser(meta.t.baseUrl);
    expect((await b.client.get(`/api/social-accounts/instagram/profile/${a.page.id}`)).status).toBe(404);
    const send = await b.client.post('/api/social-accounts/facebook/send-message', { pageId: a.page.id, recipientId: '123', message: 'hi' });
    expect(send.status).toBe(404);
    const accountId = (await a.w.client.get('/api/social-accounts/facebook/pages')).data.pages[0].accountId;
    expect((await b.client.request('DELETE', `/api/social-accounts/${accountId}`)).status).toBe(404);
    // Connecting the same Page from another workspace does not take it over.
    meta.fake.signInAs({ id: 'fb-user-b', name: 'B', pages: [a.page] });
    const flow = await connect(b.client);
    expect(flow.done.headers.get('location')).toBe('/social-messaging?connected=0&skipped=2');
  });
});

describe('Social Messaging send forms', () => {
  it('validates, refuses outside the window, sends a Messenger message and an Instagram DM inside it', async () => {
    const { w, page } = await connectedWorkspace('send');
    const hook = meta.hook;
    const missing = await w.client.post('/api/social-accounts/facebook/send-message', { pageId: page.id, recipientId: '', message: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.data.error).toBe('Please select a page, enter recipient ID, and write a message');
    const username = await w.client.post('/api/social-accounts/instagram/send-message', { pageId: page.id, recipientId: '@maya', message: 'x' });
    expect(username.data.error).toMatch(/numeric id/);
    const tooLong = await w.client.post('/api/social-accounts/instagram/send-message', { pageId: page.id, recipientId: '5', message: 'é'.repeat(501) });
    expect(tooLong.data.error).toBe('Instagram messages must be at most 1,000 bytes');

    const cold = await w.client.post('/api/social-accounts/facebook/send-message', { pageId: page.id, recipientId: '900001', message: 'Hello!' });
    expect(cold.status).toBe(422);
    expect(cold.data.error).toMatch(/outside Meta's messaging window/);

    await meta.fake.deliverWebhook(
      hook,
      messagingWebhook('page', page.id, [{ sender: '900002', recipient: page.id, message: { mid: 'm_fb_in', text: 'hi page' } }]),
    );
    await meta.fake.deliverWebhook(
      hook,
      messagingWebhook('instagram', page.instagram!.id, [{ sender: '800002', recipient: page.instagram!.id, message: { mid: 'ig_in', text: 'hi ig' } }]),
    );
    await expect.poll(async () => (await w.client.get('/api/conversations')).data.conversations.length, { timeout: 10_000 }).toBe(3);

    const fbSend = await w.client.post('/api/social-accounts/facebook/send-message', {
      pageId: page.id,
      recipientId: '900002',
      message: 'Thanks for writing!',
    });
    expect(fbSend.status).toBe(200);
    expect(fbSend.data).toMatchObject({ success: true, status: 'sent', recipientId: '900002', messageId: expect.stringMatching(/^m_/) });
    const igSend = await w.client.post('/api/social-accounts/instagram/send-message', { pageId: page.id, recipientId: '800002', message: 'Hi from Instagram' });
    expect(igSend.data).toMatchObject({ status: 'sent' });
    expect(meta.fake.sends.filter((s) => s.kind === 'dm' && s.on === page.id).map((s) => [s.recipient, s.text])).toEqual([
      ['900002', 'Thanks for writing!'],
      ['800002', 'Hi from Instagram'],
    ]);
  });

  it('disconnect wipes the tokens, deactivates the Page and its Instagram account, and unsubscribes the Page', async () => {
    const { w, page } = await connectedWorkspace('disconnect');
    const pageAccount = (await w.client.get('/api/social-accounts/facebook/pages')).data.pages[0];
    const del = await w.client.request('DELETE', `/api/social-accounts/${pageAccount.accountId}`);
    expect(del.data).toEqual({ success: true, disconnected: 2 });
    expect(meta.fake.subscriptions.has(page.id)).toBe(false);
    expect((await w.client.get('/api/social-accounts/facebook/pages')).data.pages.map((p: { id: string }) => p.id)).not.toContain(page.id);
    const { rows } = await meta.pool.query('select is_active, access_token_enc from social_accounts where external_id in ($1, $2)', [
      page.id,
      page.instagram!.id,
    ]);
    expect(rows).toEqual([
      { is_active: false, access_token_enc: null },
      { is_active: false, access_token_enc: null },
    ]);
    const sandbox = (await w.client.get('/api/social-accounts')).data.find((a: { isSandbox: boolean }) => a.isSandbox);
    expect((await w.client.request('DELETE', `/api/social-accounts/${sandbox.id}`)).status).toBe(400);
  });

  it('warns "N automations will stop in D days" before a token expires', async () => {
    const { w, page } = await connectedWorkspace('health');
    await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['a'], responseTemplate: 'b' });
    await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['c'], responseTemplate: 'd' });
    expect((await w.client.get('/api/social-accounts/health')).data.warnings).toEqual([]);
    await meta.pool.query(`update social_accounts set token_expires_at = now() + interval '5 days' - interval '1 minute' where external_id = $1`, [
      page.instagram!.id,
    ]);
    expect((await w.client.get('/api/social-accounts/health')).data.warnings).toEqual([
      expect.objectContaining({
        kind: 'expiring',
        daysLeft: 5,
        message: `2 automations will stop in 5 days unless you reconnect @${page.instagram!.username}`,
      }),
    ]);
  });
});

describe('Instagram Login (accounts without a Facebook Page)', () => {
  it('connects with a 60-day token, subscribes webhooks, and private-replies through graph.instagram.com', async () => {
    const w = await newWorkspaceUser(meta.t.baseUrl);
    const acc = { ...fakePage('iglogin').instagram!, id: `1789${Date.now()}` };
    meta.fake.signInToInstagramAs(acc);
    const start = await w.client.get('/oauth/instagram');
    const dialog = new URL(start.headers.get('location')!);
    expect(dialog.pathname).toBe('/oauth/authorize');
    expect(dialog.searchParams.get('scope')).toBe('instagram_business_basic,instagram_business_manage_messages,instagram_business_manage_comments');
    const consent = await fetch(dialog, { redirect: 'manual' });
    expect(consent.headers.get('location')).toMatch(/#_$/);
    const callback = new URL(consent.headers.get('location')!);
    const done = await w.client.get(callback.pathname + callback.search);
    expect(done.headers.get('location')).toBe('/connect-accounts?connected=1');

    const { rows } = await meta.pool.query<{ id: string; profile: { loginPath: string }; days: number; linked_external_id: string | null }>(
      `select id, profile, linked_external_id, extract(day from token_expires_at - now())::int as days from social_accounts where external_id = $1`,
      [acc.id],
    );
    expect(rows[0]).toMatchObject({ profile: { loginPath: 'instagram' }, linked_external_id: null });
    expect(rows[0]!.days).toBeGreaterThanOrEqual(59);
    expect(meta.fake.subscriptions.get(acc.id)).toEqual(['comments', 'messages', 'messaging_postbacks', 'messaging_referral']);
    const listed = (await w.client.get('/api/social-accounts/facebook/pages')).data;
    expect(listed.pages).toEqual([]);
    expect(listed.instagramAccounts).toEqual([expect.objectContaining({ id: acc.id, username: acc.username, pageId: null, followers_count: 1234 })]);

    // A comment webhook signed with the Instagram app's secret → private reply with the IG token.
    await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['guide'], responseTemplate: 'Guide: example.com/guide' });
    const body = igCommentsWebhook(acc.id, [{ id: `c-iglogin-${Date.now()}`, text: 'guide pls', from: { id: '7700001', username: 'reader' }, mediaId: 'm9' }]);
    expect((await meta.fake.deliverWebhook(meta.hook, body, { secret: meta.fake.igApp.secret })).status).toBe(200);
    await expect.poll(() => meta.fake.sends.filter((s) => s.on === acc.id && s.kind === 'private_reply').length, { timeout: 10_000 }).toBe(1);
    const call = meta.fake.calls.find((c) => c.path === `/${acc.id}/messages`);
    expect(call?.token).toMatch(/^IGQVJlong/);
    expect(call?.query.access_token).toBeUndefined(); // Bearer header on graph.instagram.com, not a query token
  });
});
