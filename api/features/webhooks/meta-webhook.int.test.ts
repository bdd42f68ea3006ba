import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetaGraphFake, metaJson, metaSignature, type MetaGraphFake } from '../../../tests/fakes/meta-graph.fake';
import { igCommentsWebhook, messagingWebhook, fbFeedCommentWebhook } from '../../../tests/fakes/meta-webhook-payloads';
import { fakePage, seedMetaAccounts } from '../../../tests/support/meta-accounts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
let fake: MetaGraphFake;
let hook: string;
const VERIFY_TOKEN = 'verify-me-please';

beforeAll(async () => {
  fake = await startMetaGraphFake();
  t = await startTestApp({
    env: { ...fake.env, META_WEBHOOK_VERIFY_TOKEN: VERIFY_TOKEN, PRIVATE_REPLIES_PER_HOUR: '10000000', WORKER_CONCURRENCY: '8' },
  });
  hook = `${t.baseUrl}/api/webhooks/facebook/webhook`;
});
afterAll(async () => {
  await t.stop();
  await fake.stop();
});

const count = async (sql: string, params: unknown[] = []) => (await t.app.database.pool.query<{ n: number }>(sql, params)).rows[0]!.n;
const metaEvents = () => count("select count(*)::int as n from inbound_events where provider = 'meta'");

describe('Meta webhook verification handshake (GET)', () => {
  it('echoes hub.challenge for the right verify token and answers 403 otherwise', async () => {
    const q = (token: string, mode = 'subscribe') => `${hook}?hub.mode=${mode}&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`;
    const ok = await fetch(q(VERIFY_TOKEN));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    expect((await fetch(q('wrong-token'))).status).toBe(403);
    expect((await fetch(q(VERIFY_TOKEN, 'unsubscribe'))).status).toBe(403);
    expect((await fetch(`${hook}?hub.mode=subscribe&hub.challenge=1`)).status).toBe(403);
  });
});

describe('Meta webhook signature (X-Hub-Signature-256 over the raw bytes)', () => {
  const body = messagingWebhook('page', 'unconnected-page', [{ sender: 'psid-1', recipient: 'unconnected-page', message: { mid: 'm_sig_1', text: 'hi' } }]);

  it('accepts a correctly signed body and stores its event', async () => {
    const before = await metaEvents();
    const res = await fake.deliverWebhook(hook, body);
    expect(res.status).toBe(200);
    expect(await metaEvents()).toBe(before + 1);
  });

  it('refuses a wrong or missing signature with 403 and stores nothing', async () => {
    const before = await metaEvents();
    const other = messagingWebhook('page', 'p', [{ sender: 'psid-2', recipient: 'p', message: { mid: 'm_sig_2', text: 'hi' } }]);
    expect((await fake.deliverWebhook(hook, other, { secret: 'not-the-app-secret' })).status).toBe(403);
    expect((await fake.deliverWebhook(hook, other, { signature: null })).status).toBe(403);
    expect((await fake.deliverWebhook(hook, other, { signature: 'sha256=zz' })).status).toBe(403);
    expect((await fake.deliverWebhook(hook, other, { signature: metaSignature(metaJson(body), fake.app.secret) })).status).toBe(403);
    expect(await metaEvents()).toBe(before);
  });

  it('verifies the escaped-unicode bytes Meta signs, and decodes them', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const page = fakePage('unicode');
    await seedMetaAccounts(t.app.database.pool, w.user.workspaceId, page);
    const payload = messagingWebhook('page', page.id, [{ sender: 'psid-é', recipient: page.id, message: { mid: 'm_unicode_1', text: 'Café? äöå 👋' } }]);
    const raw = metaJson(payload);
    expect(raw).toContain('\\u00e9'); // escaped on the wire, as Meta sends it
    // Signed over the decoded (re-serialised) form: not what Meta signs, refused.
    const decoded = JSON.stringify(payload);
    expect((await fake.deliverWebhook(hook, raw, { signature: metaSignature(decoded, fake.app.secret) })).status).toBe(403);
    expect((await fake.deliverWebhook(hook, raw)).status).toBe(200);
    await expect
      .poll(async () => (await t.app.database.pool.query("select content from messages where platform_message_id = 'm_unicode_1'")).rows[0]?.content, {
        timeout: 10_000,
      })
      .toBe('Café? äöå 👋');
  });

  it('answers 400 to signed garbage and 413 past the raised body limit', async () => {
    expect((await fake.deliverWebhook(hook, '{not json')).status).toBe(400);
    expect((await fake.deliverWebhook(hook, JSON.stringify({ hello: 'world' }))).status).toBe(400);
    const huge = JSON.stringify({ object: 'page', entry: [], pad: 'x'.repeat(11 * 1024 * 1024) });
    expect((await fake.deliverWebhook(hook, huge)).status).toBe(413);
  });
});

describe('Meta events → pipeline', () => {
  it('stores DMs, postbacks and story replies; an echo is stored as outbound and triggers nothing', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const page = fakePage('echo');
    const { igAccountId } = await seedMetaAccounts(t.app.database.pool, w.user.workspaceId, page);
    const ig = page.instagram!;
    await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['price'], responseTemplate: 'Prices: example.com' });
    const now = Date.now();
    const body = messagingWebhook('instagram', ig.id, [
      { sender: 'igsid-1', recipient: ig.id, message: { mid: 'ig_in_1', text: 'price?', reply_to: { story: { id: 's1', url: 'https://x' } } }, timestamp: now },
      { sender: 'igsid-1', recipient: ig.id, postback: { mid: 'ig_pb_1', title: 'Send it', payload: 'SEND_GUIDE' }, timestamp: now + 1 },
      { sender: ig.id, recipient: 'igsid-1', message: { mid: 'ig_echo_1', text: 'price list coming', is_echo: true }, timestamp: now + 2 },
      { sender: 'igsid-1', recipient: ig.id, message: { mid: 'ig_in_1', is_deleted: true }, timestamp: now + 3 },
    ]);
    expect((await fake.deliverWebhook(hook, body)).status).toBe(200);
    await expect.poll(() => count('select count(*)::int as n from messages where account_id = $1', [igAccountId]), { timeout: 10_000 }).toBe(3);
    const { rows } = await t.app.database.pool.query(
      'select platform_message_id, direction, content, source from messages where account_id = $1 order by created_at, platform_message_id',
      [igAccountId],
    );
    expect(rows).toEqual([
      { platform_message_id: 'ig_in_1', direction: 'inbound', content: 'price?', source: 'contact' },
      { platform_message_id: 'ig_pb_1', direction: 'inbound', content: 'Send it', source: 'contact' },
      { platform_message_id: 'ig_echo_1', direction: 'outbound', content: 'price list coming', source: 'inbox' },
    ]);
    // Only the two inbound events count as contact activity; nothing was sent (no comment, no DM rule).
    expect(await count('select count(*)::int as n from outbound_ledger where account_id = $1', [igAccountId])).toBe(0);
    expect(fake.sends).toHaveLength(0);
    // An echo alone (e.g. a reply typed in Meta's inbox) does not open the 24-hour window.
    const echoOnly = messagingWebhook('instagram', ig.id, [
      { sender: ig.id, recipient: 'igsid-2', message: { mid: 'ig_echo_2', text: 'hello from the team', is_echo: true } },
    ]);
    await fake.deliverWebhook(hook, echoOnly);
    await expect
      .poll(async () => (await t.app.database.pool.query("select last_inbound_at from contacts where external_user_id = 'igsid-2'")).rows[0], {
        timeout: 10_000,
      })
      .toEqual({ last_inbound_at: null });
  });

  it('attributes each event to its account when it is stored: a deactivated or deleted account is not attributed from its next delivery', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const page = fakePage('revoked');
    const { pageAccountId } = await seedMetaAccounts(t.app.database.pool, w.user.workspaceId, page);
    const { pool } = t.app.database;
    const stored = async (mid: string) =>
      (
        await pool.query<{ account_id: string | null; workspace_id: string | null }>(
          `select payload->>'accountId' as account_id, workspace_id from inbound_events where provider = 'meta' and event_key = $1`,
          [`msg:${mid}`],
        )
      ).rows[0];
    const dm = (mid: string) => messagingWebhook('page', page.id, [{ sender: 'psid-r', recipient: page.id, message: { mid, text: 'hi' } }]);
    expect((await fake.deliverWebhook(hook, dm('m_rev_1'))).status).toBe(200);
    expect(await stored('m_rev_1')).toEqual({ account_id: pageAccountId, workspace_id: w.user.workspaceId });
    // Deactivated (disconnected, or its token revoked): the very next delivery is no longer its.
    await pool.query('update social_accounts set is_active = false where id = $1', [pageAccountId]);
    expect((await fake.deliverWebhook(hook, dm('m_rev_2'))).status).toBe(200);
    expect(await stored('m_rev_2')).toEqual({ account_id: null, workspace_id: null });
    // Active again, then deleted.
    await pool.query('update social_accounts set is_active = true where id = $1', [pageAccountId]);
    expect((await fake.deliverWebhook(hook, dm('m_rev_3'))).status).toBe(200);
    expect(await stored('m_rev_3')).toEqual({ account_id: pageAccountId, workspace_id: w.user.workspaceId });
    await pool.query('delete from social_accounts where id = $1', [pageAccountId]);
    expect((await fake.deliverWebhook(hook, dm('m_rev_4'))).status).toBe(200);
    expect(await stored('m_rev_4')).toEqual({ account_id: null, workspace_id: null });
  });

  it('ignores feed changes other than new comments and the Page’s own comments', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const page = fakePage('feed');
    const { pageAccountId } = await seedMetaAccounts(t.app.database.pool, w.user.workspaceId, page);
    const post = `${page.id}_99`;
    const before = await metaEvents();
    await fake.deliverWebhook(
      hook,
      fbFeedCommentWebhook(page.id, { commentId: '99_1', postId: post, from: { id: 'u1', name: 'Jane Doe' }, message: 'how much?' }),
    );
    await fake.deliverWebhook(
      hook,
      fbFeedCommentWebhook(page.id, { commentId: '99_2', postId: post, from: { id: page.id, name: 'Page' }, message: 'own reply' }),
    );
    await fake.deliverWebhook(
      hook,
      fbFeedCommentWebhook(page.id, { commentId: '99_1', postId: post, from: { id: 'u1', name: 'Jane Doe' }, message: 'edited', verb: 'edited' }),
    );
    expect(await metaEvents()).toBe(before + 1);
    await expect
      .poll(
        async () =>
          (await t.app.database.pool.query('select platform_comment_id, text, author_external_id from comments where account_id = $1', [pageAccountId])).rows,
        { timeout: 10_000 },
      )
      .toEqual([{ platform_comment_id: '99_1', text: 'how much?', author_external_id: 'u1' }]);
  });
});

describe('A signed batch of 1,000 Instagram comments', () => {
  it('sends exactly one private reply per matching comment through the Graph API, and nothing more on redelivery', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const page = fakePage('batch');
    fake.addPage(page);
    const { igAccountId } = await seedMetaAccounts(t.app.database.pool, w.user.workspaceId, page);
    const ig = page.instagram!;
    await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['link'], responseTemplate: 'Here is your link, {first_name}: example.com' });
    const comments = Array.from({ length: 1000 }, (_, i) => ({
      id: `1790${String(i).padStart(10, '0')}`,
      text: i % 4 === 3 ? 'nice pic' : 'LINK please',
      from: { id: `igsid-${i}`, username: `fan${i}` },
      mediaId: '18000000000000001',
    }));
    const matching = comments.filter((c) => c.text.includes('LINK')).map((c) => c.id);
    const body = igCommentsWebhook(ig.id, comments);
    expect(metaJson(body).length).toBeGreaterThan(100 * 1024); // over the default JSON limit

    const first = await fake.deliverWebhook(hook, body);
    expect(first.status).toBe(200);
    const sentTo = () => fake.sends.filter((s) => s.kind === 'private_reply' && s.on === page.id).map((s) => s.recipient);
    await expect.poll(() => sentTo().length, { timeout: 120_000, interval: 500 }).toBe(matching.length);
    expect(new Set(sentTo())).toEqual(new Set(matching));

    // Meta retries the whole batch: every event is a duplicate, nothing is sent again.
    expect((await fake.deliverWebhook(hook, body)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2000));
    expect(sentTo()).toHaveLength(matching.length);
    expect(await count('select count(*)::int as n from comments where account_id = $1', [igAccountId])).toBe(1000);
    expect(
      await count("select count(*)::int as n from outbound_ledger where account_id = $1 and status = 'sent' and platform_message_id is not null", [
        igAccountId,
      ]),
    ).toBe(matching.length);
    expect(fake.sends.find((s) => s.kind === 'private_reply' && s.recipient === comments[0]!.id)?.text).toBe('Here is your link, fan0: example.com');
  }, 180_000);
});
