import { describe, expect, it } from 'vitest';
import { createTokenCipher } from '../../integrations/crypto/token-cipher';
import { useMetaApp } from '../../tests/support/meta-app';
import { seedContacts } from '../../tests/support/contacts';
import { platformDepsFromConfig, type PlatformDeps } from '../platform-deps';
import { platformDriver } from '../send-outbound.activity';
import { callClaimed, claimSend, failExpiredSends, UNCERTAIN_AFTER_CRASH, type Claimed } from './at-most-once';

// F23: an uncertain send (its process died mid-call: the lease ran out) is checked with the platform
// by its `outbound.verify` job, queued with the failure, before anyone retries it.

const meta = useMetaApp({ SEND_RETRY_BASE_MS: '300' });
const pool = () => meta.pool;
const deps = (): PlatformDeps => platformDepsFromConfig(meta.t.app.config, createTokenCipher('0'.repeat(64)));
const rowOf = async (id: string) =>
  (
    await pool().query(
      'select status, error, failure_reason, delivery_check, delivery_check_note, platform_message_id from outbound_ledger where id = $1 or retry_of = $1 order by created_at',
      [id],
    )
  ).rows;

/** A Messenger DM queued to a person who wrote an hour ago, on a new workspace's Page. */
async function queuedDm(prefix: string, text: string) {
  const a = await meta.connectedWorkspace(prefix);
  await seedContacts(pool(), { workspaceId: a.w.user.workspaceId, accountId: a.pageAccountId, prefix, count: 1, lastInboundHoursAgo: 1 });
  const psid = `${prefix}-1`;
  const { rows } = await pool().query<{ id: string }>(
    `insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text) values ($1, $2, $3, 'dm', $4, $5) returning id`,
    [a.w.user.workspaceId, a.pageAccountId, `test:${prefix}`, psid, text],
  );
  return { ...a, psid, ledgerId: rows[0]!.id };
}

/**
 * The crash: the row is claimed (`sending`, committed) and, when `deliver`, its call reaches Meta;
 * the process "dies" before writing the outcome; the lease runs out and the sweep settles the row.
 */
async function crashMidSend(ledgerId: string, deliver: boolean) {
  const claim = await claimSend(pool(), ledgerId, deps(), platformDriver);
  expect(claim).toHaveProperty('driver');
  if (deliver) expect(await callClaimed(pool(), claim as Claimed, deps())).toMatchObject({ ok: true });
  await pool().query(`update outbound_ledger set send_lease_until = now() - interval '1 second' where id = $1`, [ledgerId]);
  expect(await failExpiredSends(pool())).toBeGreaterThanOrEqual(1);
  // The failure queues the row's outbound.verify job, which the app's own worker may run before this
  // read: then the row is already settled by the check, not still failed.
  const [row] = await rowOf(ledgerId);
  if (row.delivery_check === 'pending' || row.status === 'failed')
    expect(row).toMatchObject({ status: 'failed', failure_reason: 'uncertain', error: UNCERTAIN_AFTER_CRASH });
  else expect(row).toMatchObject({ status: 'sent', delivery_check: 'found' });
}

const settled = (ledgerId: string) =>
  expect.poll(async () => (await rowOf(ledgerId))[0]?.delivery_check, { timeout: 20_000, interval: 100 }).not.toBe('pending');

describe('F23: an uncertain send is checked with the platform before a retry', () => {
  it('delivered before the crash: the check finds it, marks it sent with its id, and nothing is sent twice', async () => {
    const { ledgerId, psid, w, page, pageAccountId } = await queuedDm('vfound', 'Your order has shipped');
    // The same words to the same person a moment earlier, by another send of ours: not this row's message.
    const thread = meta.fake.addConversation(page.id, { id: psid });
    const prior = meta.fake.addMessage(thread.id, { text: 'Your order has shipped', fromAccount: true });
    await pool().query(
      `insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text, status, platform_message_id)
       values ($1, $2, 'test:vfound-prior', 'dm', $3, 'Your order has shipped', 'sent', $4)`,
      [w.user.workspaceId, pageAccountId, psid, prior.id],
    );
    await crashMidSend(ledgerId, true);
    await settled(ledgerId);
    const delivered = meta.fake.sends.filter((s) => s.recipient === psid);
    expect(delivered).toHaveLength(1);
    expect((await rowOf(ledgerId))[0]).toMatchObject({ status: 'sent', delivery_check: 'found', platform_message_id: delivered[0]!.messageId, error: null });
    // Sent rows are not failed sends: nothing to retry.
    expect((await w.client.get('/api/failed-sends')).data.total).toBe(0);
    // The check read the person's thread through the Conversations API (§2.10), paced by the read bucket.
    const reads = meta.fake.calls.filter((c) => c.method === 'GET' && c.query.user_id === psid);
    expect(reads).toHaveLength(1);
    const bucket = await pool().query(
      "select 1 from send_rate_limits where account_id = (select account_id from outbound_ledger where id = $1) and kind = 'graph_read'",
      [ledgerId],
    );
    expect(bucket.rowCount).toBe(1);
  });

  it('not delivered: the check says "not found" and a retry sends it exactly once, without asking', async () => {
    const { ledgerId, psid, w } = await queuedDm('vnotfound', 'Here is your code');
    await crashMidSend(ledgerId, false);
    await settled(ledgerId);
    expect((await rowOf(ledgerId))[0]).toMatchObject({
      status: 'failed',
      delivery_check: 'not_found',
      delivery_check_note: expect.stringMatching(/not in the conversation/),
    });
    const item = (await w.client.get('/api/failed-sends')).data.items[0];
    expect(item).toMatchObject({ id: ledgerId, reason: 'uncertain', deliveryCheck: 'not_found', duplicateRisk: false });
    const retried = await w.client.post('/api/failed-sends/retry', { ids: [ledgerId] });
    expect(retried.status).toBe(200);
    expect(retried.data.results).toEqual([{ id: ledgerId, status: 'queued', retryId: expect.any(String) }]);
    await expect.poll(async () => (await rowOf(ledgerId))[1]?.status, { timeout: 15_000 }).toBe('sent');
    expect(meta.fake.sends.filter((s) => s.recipient === psid)).toHaveLength(1);
  });

  it('the platform cannot tell (a Facebook private reply): retry without confirmDuplicateRisk is 400, with it the reply is queued', async () => {
    const a = await meta.connectedWorkspace('vcannot');
    const commentId = `c-vcannot-${Date.now()}`;
    const { rows } = await pool().query<{ id: string }>(
      `insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text, status) values ($1, $2, $3, 'private_reply', $4, 'Thanks!', 'sending') returning id`,
      [a.w.user.workspaceId, a.pageAccountId, `test:vcannot`, commentId],
    );
    const ledgerId = rows[0]!.id;
    expect(await failExpiredSends(pool())).toBeGreaterThanOrEqual(1);
    await settled(ledgerId);
    expect((await rowOf(ledgerId))[0]).toMatchObject({
      status: 'failed',
      delivery_check: 'cannot_confirm',
      delivery_check_note: expect.stringMatching(/cannot confirm/),
    });
    const item = (await a.w.client.get('/api/failed-sends')).data.items[0];
    expect(item).toMatchObject({ id: ledgerId, deliveryCheck: 'cannot_confirm', duplicateRisk: true });

    const refused = await a.w.client.post('/api/failed-sends/retry', { ids: [ledgerId] });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      error: expect.stringMatching(/may already have been delivered; retrying may send it twice/),
      details: { duplicateRisk: [ledgerId] },
    });
    expect(await rowOf(ledgerId)).toHaveLength(1); // nothing queued
    const confirmed = await a.w.client.post('/api/failed-sends/retry', { ids: [ledgerId], confirmDuplicateRisk: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.data.results[0]).toMatchObject({ id: ledgerId });
  });

  it('runs twice safely: a second check of a settled row changes nothing', async () => {
    const { ledgerId } = await queuedDm('vtwice', 'Twice?');
    await crashMidSend(ledgerId, true);
    await settled(ledgerId);
    const before = await rowOf(ledgerId);
    await pool().query(`select graphile_worker.add_job('outbound.verify', json_build_object('ledgerId', $1::text))`, [ledgerId]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await rowOf(ledgerId)).toEqual(before);
  });
});
