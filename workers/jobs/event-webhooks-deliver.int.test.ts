import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventWebhookService } from '../../api/features/event-webhooks/event-webhooks.service';
import type { EventWebhookWithSecret } from '../../contracts/event-webhooks';
import { createUserWithWorkspace } from '../../db/auth/users';
import { emitEvents } from '../../db/event-webhooks/emit-events';
import { createTokenCipher } from '../../integrations/crypto/token-cipher';
import { useTestPool } from '../../tests/support/test-db';
import { startWebhookSink } from '../../tests/support/webhook-sink';
import { deliverDueEventWebhooks, type EventWebhookPolicy } from './event-webhooks-deliver.job';

/**
 * Event webhook delivery against a real PostgreSQL and a local receiver that verifies every request
 * with the `standardwebhooks` library. No worker runs here: each test drives the delivery loop itself
 * with a compressed retry schedule (0 s between attempts), so retries happen on the next call.
 */
const { pool } = await useTestPool({ max: 6 });
const cipher = createTokenCipher(randomBytes(32).toString('hex'));
const service = eventWebhookService(pool, { cipher, guard: { allowLoopback: true } });
const policy: EventWebhookPolicy = { batchSize: 100, leaseMs: 60_000, retryDelaysSec: [0, 0], disableAfterFailures: 3, budgetMs: 10_000 };
const deliver = (p: Partial<EventWebhookPolicy> = {}, allowLoopback = true) =>
  deliverDueEventWebhooks(pool, { cipher, call: { allowLoopback, timeoutMs: 2000 }, policy: { ...policy, ...p } });

let sink: Awaited<ReturnType<typeof startWebhookSink>>;
let ws: string;
let owner: string;
let editor: string;
let otherWs: string;

async function newOwner(email: string) {
  const u = await createUserWithWorkspace(pool, { email, firstName: 'Owner' });
  if (u === 'email_taken') throw new Error('taken');
  return u;
}

beforeAll(async () => {
  sink = await startWebhookSink();
  const o = await newOwner(`owner-${randomBytes(4).toString('hex')}@example.com`);
  ws = o.workspaceId;
  owner = o.id;
  const e = await pool.query<{ id: string }>(
    `with u as (insert into users (workspace_id, email) values ($1, $2) returning id)
     insert into workspace_members (workspace_id, user_id, role) select $1, id, 'editor' from u returning user_id as id`,
    [ws, `editor-${randomBytes(4).toString('hex')}@example.com`],
  );
  editor = e.rows[0]!.id;
  otherWs = (await newOwner(`other-${randomBytes(4).toString('hex')}@example.com`)).workspaceId;
});
afterAll(() => sink.close());

async function subscribe(events: string[] = ['message.received', 'comment.received'], url = sink.url): Promise<EventWebhookWithSecret> {
  const s = await service.create({ workspaceId: ws, userId: owner }, { url, events: events as never, description: '' });
  sink.secrets.push(s.secret);
  return s;
}
const deliveriesOf = async (subscriptionId: string) =>
  (
    await pool.query<{ event_id: string; status: string; attempts: number; last_status_code: number | null; last_error: string | null }>(
      'select event_id, status, attempts, last_status_code, last_error from event_webhook_deliveries where subscription_id = $1 order by created_at, event_id',
      [subscriptionId],
    )
  ).rows;
const pendingJobs = async () =>
  (await pool.query<{ n: number }>(`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'events.deliver'`)).rows[0]!.n;

describe('event webhook deliveries', () => {
  it('one statement fans events out to the subscriptions that chose them; a workspace without one writes nothing and queues no job', async () => {
    await pool.query(`delete from graphile_worker._private_jobs`);
    expect(await emitEvents(pool, [{ workspaceId: otherWs, type: 'message.received', data: { text: 'hi' } }])).toBe(0);
    expect(await pendingJobs()).toBe(0);

    const s = await subscribe(['message.received']);
    const n = await emitEvents(pool, [
      { workspaceId: ws, type: 'message.received', data: { text: 'one' } },
      { workspaceId: ws, type: 'comment.received', data: { text: 'not chosen' } },
      { workspaceId: otherWs, type: 'message.received', data: { text: 'other tenant' } },
    ]);
    expect(n).toBe(1);
    expect(await pendingJobs()).toBe(1);

    const before = sink.received.length;
    expect(await deliver()).toMatchObject({ delivered: 1 });
    const got = sink.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.verified).toBe(true);
    expect(got[0]!.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(got[0]!.signature).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(got[0]!.payload).toMatchObject({ type: 'message.received', data: { text: 'one' } });
    expect(await deliveriesOf(s.id)).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1, last_status_code: 200 })]);
    await service.remove({ workspaceId: ws, userId: owner }, s.id);
  });

  it('a failed attempt is retried with the same webhook-id, and the log keeps the codes; a replay resends the same id', async () => {
    const s = await subscribe(['comment.received']);
    const seen = new Set<string>();
    sink.setStatus((_n, id) => (seen.has(id) ? 200 : (seen.add(id), 503)));
    const from = sink.received.length;
    await emitEvents(pool, [{ workspaceId: ws, type: 'comment.received', data: { commentId: 'c1' } }]);
    expect(await deliver()).toMatchObject({ retried: 1 });
    const [d1] = await deliveriesOf(s.id);
    expect(d1).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 503 });
    expect(await deliver()).toMatchObject({ delivered: 1 });
    const got = sink.received.slice(from);
    expect(got.map((g) => g.id)).toEqual([d1!.event_id, d1!.event_id]);
    expect(got.every((g) => g.verified)).toBe(true);
    expect(await deliveriesOf(s.id)).toEqual([expect.objectContaining({ status: 'delivered', attempts: 2, last_status_code: 200 })]);

    sink.setStatus(() => 200);
    const [log] = await service.deliveries({ workspaceId: ws, userId: owner }, s.id, { limit: 10 });
    await service.replay({ workspaceId: ws, userId: owner }, s.id, log!.id);
    await deliver();
    expect(sink.received.at(-1)!.id).toBe(d1!.event_id);
    await service.remove({ workspaceId: ws, userId: owner }, s.id);
  });

  it('after the retries are spent with nothing delivered, the subscription is disabled and its owners and admins are told in the bell', async () => {
    const s = await subscribe(['message.received']);
    sink.setStatus(() => 500);
    await emitEvents(pool, [{ workspaceId: ws, type: 'message.received', data: { n: 1 } }]);
    for (let i = 0; i < 3; i++) await deliver();
    expect(await deliveriesOf(s.id)).toEqual([expect.objectContaining({ status: 'failed', attempts: 3, last_status_code: 500 })]);
    const after = await service.get({ workspaceId: ws, userId: owner }, s.id);
    expect(after).toMatchObject({ enabled: false, consecutiveFailures: 3 });
    expect(after.disabledReason).toMatch(/failed deliveries/);
    const bell = await pool.query<{ user_id: string }>(`select user_id from notifications where workspace_id = $1 and kind = 'event_webhook_disabled'`, [ws]);
    expect(bell.rows.map((r) => r.user_id)).toEqual([owner]);
    expect(bell.rows.map((r) => r.user_id)).not.toContain(editor);

    // Disabled: new events are not even written; re-enabled: delivered again.
    expect(await emitEvents(pool, [{ workspaceId: ws, type: 'message.received', data: { n: 2 } }])).toBe(0);
    sink.setStatus(() => 200);
    const re = await service.update({ workspaceId: ws, userId: owner }, s.id, { enabled: true });
    expect(re).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledReason: null });
    await emitEvents(pool, [{ workspaceId: ws, type: 'message.received', data: { n: 3 } }]);
    expect(await deliver()).toMatchObject({ delivered: 1 });
    await service.remove({ workspaceId: ws, userId: owner }, s.id);
  });

  it('a rotated secret: both signatures during the grace, so a receiver with either verifies', async () => {
    const s = await subscribe(['message.received']);
    const rotated = await service.rotate({ workspaceId: ws, userId: owner }, s.id);
    expect(rotated.secret).not.toBe(s.secret);
    expect(rotated.previousSecretUntil).not.toBeNull();
    await emitEvents(pool, [{ workspaceId: ws, type: 'message.received', data: { n: 1 } }]);
    await deliver();
    const last = sink.received.at(-1)!;
    expect(last.signature.split(' ')).toHaveLength(2);
    const { Webhook } = await import('standardwebhooks');
    const headers = { 'webhook-id': last.id, 'webhook-timestamp': last.timestamp, 'webhook-signature': last.signature };
    expect(() => new Webhook(s.secret).verify(last.body, headers)).not.toThrow();
    expect(() => new Webhook(rotated.secret).verify(last.body, headers)).not.toThrow();
    expect(() => new Webhook(`whsec_${randomBytes(24).toString('base64')}`).verify(last.body, headers)).toThrow();
    await service.remove({ workspaceId: ws, userId: owner }, s.id);
  });

  it('the address guard: private addresses are refused when saved and when delivered (the delivery fails for good, no retry)', async () => {
    const a = { workspaceId: ws, userId: owner };
    for (const url of ['http://10.0.0.5/hook', 'http://169.254.169.254/latest', 'http://[::ffff:192.168.1.1]/x']) {
      await expect(service.create(a, { url, events: ['message.received'], description: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    const strict = eventWebhookService(pool, { cipher, guard: { allowLoopback: false } });
    await expect(strict.create(a, { url: sink.url, events: ['message.received'], description: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });

    // Saved while loopback was allowed, delivered by a worker that refuses it.
    const s = await subscribe(['message.received']);
    const before = sink.count();
    await emitEvents(pool, [{ workspaceId: ws, type: 'message.received', data: {} }]);
    expect(await deliver({}, false)).toMatchObject({ failed: 1 });
    expect(sink.count()).toBe(before);
    const [d] = await deliveriesOf(s.id);
    expect(d).toMatchObject({ status: 'failed', attempts: 1, last_status_code: null });
    expect(d!.last_error).toMatch(/private or loopback/);
    await service.remove(a, s.id);
  });

  it('another workspace cannot see, change, replay or delete a subscription', async () => {
    const s = await subscribe(['message.received']);
    const them = { workspaceId: otherWs, userId: null };
    await expect(service.get(them, s.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(service.update(them, s.id, { enabled: false })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(service.deliveries(them, s.id, { limit: 5 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(service.remove(them, s.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await service.list(them)).toEqual([]);
    await service.remove({ workspaceId: ws, userId: owner }, s.id);
  });
});
