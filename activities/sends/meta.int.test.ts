import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetaGraphFake, type MetaGraphFake } from '../../tests/fakes/meta-graph.fake';
import { igCommentsWebhook, messagingWebhook } from '../../tests/fakes/meta-webhook-payloads';
import { fakePage, seedMetaAccounts } from '../../tests/support/meta-accounts';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { newWorkspaceUser } from '../../tests/support/workspace';
import { readMessagesUsed } from '../../db/usage/record-usage';
import { createTokenCipher } from '../../integrations/crypto/token-cipher';
import { platformDepsFromConfig, type PlatformDeps } from '../platform-deps';
import { createSender } from '../send-outbound.activity';
import { UNCERTAIN_AFTER_CRASH } from './meta';

let t: TestApp;
let fake: MetaGraphFake;
let hook: string;

beforeAll(async () => {
  fake = await startMetaGraphFake();
  t = await startTestApp({ env: { ...fake.env, PRIVATE_REPLIES_PER_HOUR: '1000000', SEND_RETRY_BASE_MS: '300' } });
  hook = `${t.baseUrl}/api/webhooks/facebook/webhook`;
});
afterAll(async () => {
  await t.stop();
  await fake.stop();
});

const pool = () => t.app.database.pool;
/** A sender of our own, pointed at the fake like the app's (same config and encryption key). */
const platform = (): PlatformDeps => platformDepsFromConfig(t.app.config, createTokenCipher('0'.repeat(64)));
const sendOutbound = (ledgerId: string, deps: PlatformDeps = platform()) => createSender(pool(), deps).send(ledgerId);
const ledgerOf = async (accountId: string) =>
  (await pool().query('select id, status, error, attempts, scheduled_for, platform_message_id from outbound_ledger where account_id = $1', [accountId])).rows;

/** A workspace with a connected Instagram account, a "link" rule, and one comment delivered by webhook. */
async function commentOnNewAccount(prefix: string) {
  const w = await newWorkspaceUser(t.baseUrl);
  const page = fakePage(prefix);
  fake.addPage(page);
  const accounts = await seedMetaAccounts(pool(), w.user.workspaceId, page);
  await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['link'], responseTemplate: 'Here you go: example.com' });
  const commentId = `c-${prefix}-${Date.now()}`;
  const deliver = () =>
    fake.deliverWebhook(
      hook,
      igCommentsWebhook(page.instagram!.id, [{ id: commentId, text: 'link?', from: { id: `igsid-${prefix}`, username: prefix }, mediaId: 'm1' }]),
    );
  return { w, page, igAccountId: accounts.igAccountId!, commentId, deliver };
}

describe('Meta sends: retryable vs terminal errors (docs/platform-apis.md §2.7)', () => {
  it('a throttle code reschedules the send (queued with a later ETA, not failed), then delivers it', async () => {
    const { page, igAccountId, commentId, deliver } = await commentOnNewAccount('throttle');
    fake.failNext(new RegExp(`^/${page.id}/messages$`), { code: 613 }, 2);
    await deliver();
    await expect
      .poll(async () => (await ledgerOf(igAccountId))[0], { timeout: 10_000, interval: 50 })
      .toMatchObject({ status: 'queued', attempts: 1, error: expect.stringContaining('Throttled by Meta') });
    const [rescheduled] = await ledgerOf(igAccountId);
    expect(rescheduled.scheduled_for.getTime()).toBeGreaterThan(Date.now() - 1000);
    await expect.poll(async () => (await ledgerOf(igAccountId))[0].status, { timeout: 20_000 }).toBe('sent');
    const [sent] = await ledgerOf(igAccountId);
    expect(sent).toMatchObject({ attempts: 3, error: null, platform_message_id: expect.any(String) });
    expect(fake.sends.filter((s) => s.recipient === commentId)).toHaveLength(1);
  });

  it('code 190 fails the send, marks the account needs_reconnect and says why in the activity feed', async () => {
    const { w, page, igAccountId, commentId, deliver } = await commentOnNewAccount('expired');
    fake.revokeToken(page.accessToken);
    await deliver();
    await expect.poll(async () => (await ledgerOf(igAccountId))[0]?.status, { timeout: 10_000 }).toBe('failed');
    const [failed] = await ledgerOf(igAccountId);
    expect(failed.error).toContain('code 190');
    const account = (await w.client.get('/api/social-accounts')).data.find((a: { id: string }) => a.id === igAccountId);
    expect(account.status).toBe('needs_reconnect');
    const activity = (await w.client.get('/api/automation/activity')).data.activities as { action: string; message: string }[];
    expect(activity.find((a) => a.action === 'account_needs_reconnect')?.message).toMatch(/needs reconnecting: Meta rejected the access token \(code 190\)/);
    expect(fake.sends.filter((s) => s.recipient === commentId)).toHaveLength(0);
    const health = (await w.client.get('/api/social-accounts/health')).data.warnings;
    expect(health).toEqual([
      expect.objectContaining({
        accountId: igAccountId,
        kind: 'needs_reconnect',
        automations: 1,
        message: expect.stringMatching(/^1 automation stopped: @expired/),
      }),
    ]);
    const conversation = (await w.client.get('/api/conversations')).data.conversations[0];
    const thread = await w.client.get(`/api/conversations/${conversation.id}/messages`);
    // The thread: the comment, then the private reply that failed.
    expect(thread.data.messages.map((m: { source: string; status: string }) => [m.source, m.status])).toEqual([
      ['comment', 'sent'],
      ['comment_rule', 'failed'],
    ]);
  });

  it('outside-window (10/2018278) and 551 are terminal with a clear reason', async () => {
    const a = await commentOnNewAccount('window');
    fake.failNext(new RegExp(`^/${a.page.id}/messages$`), { code: 10, subcode: 2018278 });
    await a.deliver();
    await expect.poll(async () => (await ledgerOf(a.igAccountId))[0]?.error, { timeout: 10_000 }).toMatch(/messaging window is closed/);
    const b = await commentOnNewAccount('gone');
    fake.failNext(new RegExp(`^/${b.page.id}/messages$`), { code: 551 });
    await b.deliver();
    await expect.poll(async () => (await ledgerOf(b.igAccountId))[0]?.error, { timeout: 10_000 }).toMatch(/isn't available right now/);
    expect((await ledgerOf(b.igAccountId))[0].status).toBe('failed');
  });
});

/** A ledger row with no job behind it, so only the test's own calls send it. */
async function bareLedgerRow(status: 'queued' | 'sending') {
  const w = await newWorkspaceUser(t.baseUrl);
  const page = fakePage(`bare-${status}`);
  fake.addPage(page);
  const { igAccountId } = await seedMetaAccounts(pool(), w.user.workspaceId, page);
  const commentId = `c-bare-${status}-${Date.now()}`;
  const { rows } = await pool().query<{ id: string }>(
    `insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text, status)
     values ($1, $2, $3, 'private_reply', $4, 'Here you go', $5) returning id`,
    [w.user.workspaceId, igAccountId, `private_reply:${igAccountId}:${commentId}`, commentId, status],
  );
  return { ledgerId: rows[0]!.id, igAccountId: igAccountId!, commentId };
}

describe('Meta sends: a delivery, in one statement', () => {
  it('marks the ledger row and the message sent with the platform id, counts the reply once and adds the usage notifications it crosses', async () => {
    const { w, igAccountId, commentId, deliver } = await commentOnNewAccount('delivered');
    // 99 of the free plan's 100 used: this delivery crosses 80 % and 100 % at once.
    await pool().query(`insert into usage_counts (user_id, month, shard, messages) values ($1, date_trunc('month', now() at time zone 'utc')::date, 15, 99)`, [
      w.user.id,
    ]);
    await deliver();
    await expect.poll(async () => (await ledgerOf(igAccountId))[0]?.status, { timeout: 10_000 }).toBe('sent');
    const [sent] = await ledgerOf(igAccountId);
    const platformId = fake.sends.find((s) => s.recipient === commentId)!.messageId;
    expect(sent).toMatchObject({ attempts: 1, error: null, platform_message_id: platformId });
    const { rows: messages } = await pool().query(
      `select m.status, m.error, m.platform_message_id from outbound_ledger l join messages m on m.id = l.message_id where l.id = $1`,
      [sent.id],
    );
    expect(messages).toEqual([{ status: 'sent', error: null, platform_message_id: platformId }]);
    expect(await readMessagesUsed(pool(), w.user.id)).toBe(100);
    const month = new Date().toISOString().slice(0, 7);
    const bell = await pool().query('select key from notifications where user_id = $1 order by key', [w.user.id]);
    expect(bell.rows.map((r) => r.key)).toEqual([`usage-100:${month}`, `usage-80:${month}`]);

    // The same row again: nothing is sent or counted twice.
    expect(await sendOutbound(sent.id)).toEqual({ status: 'already-sent' });
    expect(await readMessagesUsed(pool(), w.user.id)).toBe(100);
    expect(fake.sends.filter((s) => s.recipient === commentId)).toHaveLength(1);
  });
});

describe('Meta sends: at most once', () => {
  it('a row left "sending" by a crashed attempt is failed, never resent', async () => {
    const { ledgerId, igAccountId, commentId } = await bareLedgerRow('sending');
    expect(await sendOutbound(ledgerId)).toEqual({ status: 'failed', retryable: false, error: UNCERTAIN_AFTER_CRASH });
    expect(await sendOutbound(ledgerId)).toEqual({ status: 'already-sent' });
    expect(fake.sends.filter((s) => s.recipient === commentId)).toHaveLength(0);
    expect((await ledgerOf(igAccountId))[0]).toMatchObject({ status: 'failed', error: UNCERTAIN_AFTER_CRASH });
  });

  it('concurrent callers deliver once: the others are told to come back after the lease (ADR 0021)', async () => {
    const { ledgerId, commentId } = await bareLedgerRow('queued');
    fake.setLatency(200);
    try {
      const started = Date.now();
      const outcomes = await Promise.all([sendOutbound(ledgerId), sendOutbound(ledgerId), sendOutbound(ledgerId)]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['rescheduled', 'rescheduled', 'sent']);
      for (const o of outcomes) {
        // In flight elsewhere: not waited for, not resent; asked again when the claim's lease ends.
        if (o.status === 'rescheduled') {
          expect(o.error).toBe('Being sent by another worker');
          expect(o.retryAt.getTime()).toBeGreaterThan(started + 60_000);
        }
      }
    } finally {
      fake.setLatency(0);
    }
    expect(await sendOutbound(ledgerId)).toEqual({ status: 'already-sent' });
    expect(fake.sends.filter((s) => s.recipient === commentId)).toHaveLength(1);
  });

  it('a network failure after the request left is not retried (maybe delivered)', async () => {
    const { ledgerId, commentId } = await bareLedgerRow('queued');
    const deps = platform();
    fake.setLatency(400);
    try {
      const outcome = await sendOutbound(ledgerId, { ...deps, meta: { ...deps.meta, timeoutMs: 100 } });
      expect(outcome).toMatchObject({ status: 'failed', error: expect.stringContaining('not resent to avoid a duplicate') });
    } finally {
      fake.setLatency(0);
    }
    await new Promise((r) => setTimeout(r, 500)); // the fake answers late; we ignore it
    expect(await sendOutbound(ledgerId)).toEqual({ status: 'already-sent' });
    expect(fake.sends.filter((s) => s.recipient === commentId)).toHaveLength(1); // the one we could not confirm
  });
});

describe('Meta sends: messaging windows', () => {
  it('an inbox reply goes inside the 24-hour window, with HUMAN_AGENT up to 7 days, and not after', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const page = fakePage('window-dm');
    fake.addPage(page);
    const { pageAccountId } = await seedMetaAccounts(pool(), w.user.workspaceId, page);
    await fake.deliverWebhook(hook, messagingWebhook('page', page.id, [{ sender: 'psid-w', recipient: page.id, message: { mid: 'm_w_1', text: 'hello?' } }]));
    await expect.poll(async () => (await w.client.get('/api/conversations')).data.conversations.length, { timeout: 10_000 }).toBe(1);
    const conv = (await w.client.get('/api/conversations')).data.conversations[0];
    const dmsTo = () => fake.sends.filter((s) => s.kind === 'dm' && s.recipient === 'psid-w');

    await w.client.post(`/api/conversations/${conv.id}/messages`, { content: 'Hi! Yes, we are open.' });
    await expect.poll(() => dmsTo().length, { timeout: 10_000 }).toBe(1);
    expect(dmsTo()[0]).toMatchObject({ text: 'Hi! Yes, we are open.', tag: null, on: page.id });
    expect(dmsTo()[0]!.metadata).toMatch(/^rp:/);

    await pool().query(`update contacts set last_inbound_at = now() - interval '3 days' where account_id = $1`, [pageAccountId]);
    await w.client.post(`/api/conversations/${conv.id}/messages`, { content: 'Following up on your question' });
    await expect.poll(() => dmsTo().length, { timeout: 10_000 }).toBe(2);
    expect(dmsTo()[1]).toMatchObject({ tag: 'HUMAN_AGENT' });

    await pool().query(`update contacts set last_inbound_at = now() - interval '8 days' where account_id = $1`, [pageAccountId]);
    await w.client.post(`/api/conversations/${conv.id}/messages`, { content: 'Too late' });
    await expect
      .poll(async () => (await w.client.get(`/api/conversations/${conv.id}/messages`)).data.messages.at(-1), { timeout: 10_000 })
      .toMatchObject({ content: 'Too late', status: 'failed' });
    expect(dmsTo()).toHaveLength(2);

    // The echo of our own first send (carrying our metadata) changes nothing.
    const mid = dmsTo()[0]!.messageId;
    await fake.deliverWebhook(
      hook,
      messagingWebhook('page', page.id, [
        { sender: page.id, recipient: 'psid-w', message: { mid, text: 'Hi! Yes, we are open.', is_echo: true, metadata: dmsTo()[0]!.metadata } },
      ]),
    );
    await new Promise((r) => setTimeout(r, 1000));
    const messages = (await w.client.get(`/api/conversations/${conv.id}/messages`)).data.messages;
    expect(messages).toHaveLength(4);
  });
});

describe('Meta sends: public replies', () => {
  it('a rule with a public reply answers under the Instagram comment (/{comment}/replies) as well as by private reply', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const page = fakePage('public');
    fake.addPage(page);
    await seedMetaAccounts(pool(), w.user.workspaceId, page);
    await w.client.post('/api/comment-rules', {
      platform: 'instagram',
      keywords: ['size'],
      responseTemplate: 'Size chart: example.com/sizes',
      publicReplyTemplate: 'Sent you a DM, {username}!',
    });
    const commentId = `c-public-${Date.now()}`;
    await fake.deliverWebhook(
      hook,
      igCommentsWebhook(page.instagram!.id, [{ id: commentId, text: 'size?', from: { id: 'igsid-public', username: 'shopper' }, mediaId: 'm1' }]),
    );
    await expect
      .poll(
        () =>
          fake.sends
            .filter((s) => s.recipient === commentId)
            .map((s) => s.kind)
            .sort(),
        { timeout: 10_000 },
      )
      .toEqual(['private_reply', 'public_reply']);
    expect(fake.sends.find((s) => s.kind === 'public_reply' && s.recipient === commentId)?.text).toBe('Sent you a DM, @shopper!');
    expect(fake.calls.some((c) => c.method === 'POST' && c.path === `/${commentId}/replies`)).toBe(true);
  });
});
