import { describe, expect, it } from 'vitest';
import { createTokenCipher } from '../../integrations/crypto/token-cipher';
import { startXApiFake } from '../../tests/fakes/x-api.fake';
import { oauthRoundTrip } from '../../tests/support/oauth-round-trip';
import { useTestApp } from '../../tests/support/use-test-app';
import { platformDepsFromConfig, type PlatformDeps } from '../platform-deps';
import { platformDriver } from '../send-outbound.activity';
import { callClaimed, claimSend, failExpiredSends, UNCERTAIN_AFTER_CRASH, type Claimed } from './at-most-once';
import { X_DM_READ_KIND } from './verify-delivery';

// F23 on X: an uncertain DM (its process died mid-call: the lease ran out) is checked with
// `GET /2/dm_conversations/with/:participant_id/dm_events` (docs/platform-apis.md §4.2) by its
// `outbound.verify` job, queued with the failure, before anyone retries it.

const app = useTestApp({ fakes: { x: startXApiFake }, env: { SEND_RETRY_BASE_MS: '300' } });
const pool = () => app.pool;
const x = () => app.fakes.x;
const deps = (): PlatformDeps => platformDepsFromConfig(app.t.app.config, createTokenCipher('0'.repeat(64)));
const rowOf = async (id: string) =>
  (
    await pool().query(
      'select status, error, failure_reason, delivery_check, delivery_check_note, platform_message_id from outbound_ledger where id = $1 or retry_of = $1 order by created_at',
      [id],
    )
  ).rows;
let seq = 0;

/** A new workspace that connected an X account through OAuth (the fake consents), and a DM to a person queued on it. */
async function queuedXDm(text: string) {
  seq += 1;
  const w = await app.signIn();
  const user = { id: `45${Date.now()}${seq}`, username: `vbrand${seq}`, name: `Brand ${seq}` };
  x().signInAs(user);
  const { done } = await oauthRoundTrip(w.client, '/oauth/twitter');
  expect(done.headers.get('location')).toBe('/connect-accounts?connected=1');
  const account = (await w.client.get('/api/social-accounts')).data.find((a: { provider: string }) => a.provider === 'x');
  const person = `98${Date.now()}${seq}`;
  const { rows } = await pool().query<{ id: string }>(
    `insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text) values ($1, $2, $3, 'dm', $4, $5) returning id`,
    [w.user.workspaceId, account.id, `test:vx-${seq}`, person, text],
  );
  return { w, user, accountId: account.id as string, person, ledgerId: rows[0]!.id };
}

/** The crash: claimed (`sending`, committed), the call reaches X when `deliver`, the outcome is never written; the lease runs out, the sweep settles the row. */
async function crashMidSend(ledgerId: string, deliver: boolean) {
  const claim = await claimSend(pool(), ledgerId, deps(), platformDriver);
  expect(claim).toHaveProperty('driver');
  if (deliver) expect(await callClaimed(pool(), claim as Claimed, deps())).toMatchObject({ ok: true });
  await pool().query(`update outbound_ledger set send_lease_until = now() - interval '1 second' where id = $1`, [ledgerId]);
  expect(await failExpiredSends(pool())).toBeGreaterThanOrEqual(1);
  expect((await rowOf(ledgerId))[0]).toMatchObject({ status: 'failed', failure_reason: 'uncertain', error: UNCERTAIN_AFTER_CRASH });
}

const settled = (ledgerId: string) =>
  expect.poll(async () => (await rowOf(ledgerId))[0]?.delivery_check, { timeout: 20_000, interval: 100 }).not.toBe('pending');
const lookups = (person: string) => x().calls.filter((c) => c.method === 'GET' && c.path === `/2/dm_conversations/with/${person}/dm_events`);
const dmsTo = (person: string) => x().sends.filter((s) => s.kind === 'dm' && s.to === person);

describe('F23 on X: an uncertain DM is checked with X before a retry', () => {
  it("delivered before the crash: the check finds X's dm_event, marks the row sent with its id, and nothing is sent twice", async () => {
    const { w, user, accountId, person, ledgerId } = await queuedXDm('Your order: https://shop.example/o/4411');
    // The same words to the same person a moment earlier by another send of ours: not this row's DM.
    const prior = {
      kind: 'dm' as const,
      from: user.id,
      to: person,
      text: 'Your order: https://shop.example/o/4411',
      id: `17${Date.now()}`,
      at: new Date(Date.now() - 1000),
    };
    x().sends.push(prior);
    await pool().query(
      `insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text, status, platform_message_id)
       values ($1, $2, $3, 'dm', $4, 'Your order: https://shop.example/o/4411', 'sent', $5)`,
      [w.user.workspaceId, accountId, `test:vx-prior-${seq}`, person, prior.id],
    );
    await crashMidSend(ledgerId, true);
    await settled(ledgerId);
    const ours = dmsTo(person).filter((s) => s.id !== prior.id);
    expect(ours).toHaveLength(1);
    expect((await rowOf(ledgerId))[0]).toMatchObject({ status: 'sent', delivery_check: 'found', platform_message_id: ours[0]!.id, error: null });
    expect((await w.client.get('/api/failed-sends')).data.total).toBe(0);
    // One read, asking for the fields the match needs (X leaves out sender_id and created_at unless asked), paced by the DM lookup bucket.
    const reads = lookups(person);
    expect(reads).toHaveLength(1);
    expect(reads[0]!.query).toMatchObject({ event_types: 'MessageCreate', 'dm_event.fields': expect.stringMatching(/(?=.*sender_id)(?=.*created_at)/) });
    const bucket = await pool().query('select 1 from send_rate_limits where account_id = $1 and kind = $2', [accountId, X_DM_READ_KIND]);
    expect(bucket.rowCount).toBe(1);
    expect(dmsTo(person)).toHaveLength(2); // the prior send and ours: the check sent nothing
  });

  it('not delivered: the check says "not found" and a retry sends it exactly once, without asking', async () => {
    const { w, person, ledgerId } = await queuedXDm('Here is your link');
    await crashMidSend(ledgerId, false);
    await settled(ledgerId);
    expect((await rowOf(ledgerId))[0]).toMatchObject({
      status: 'failed',
      delivery_check: 'not_found',
      delivery_check_note: expect.stringMatching(/Checked with X: the message is not in the conversation/),
    });
    expect(lookups(person)).toHaveLength(1);
    const item = (await w.client.get('/api/failed-sends')).data.items[0];
    expect(item).toMatchObject({ id: ledgerId, reason: 'uncertain', deliveryCheck: 'not_found', duplicateRisk: false });
    const retried = await w.client.post('/api/failed-sends/retry', { ids: [ledgerId] });
    expect(retried.status).toBe(200);
    expect(retried.data.results).toEqual([{ id: ledgerId, status: 'queued', retryId: expect.any(String) }]);
    await expect.poll(async () => (await rowOf(ledgerId))[1]?.status, { timeout: 15_000 }).toBe('sent');
    expect(dmsTo(person).map((s) => s.text)).toEqual(['Here is your link']);
    expect((await rowOf(ledgerId))[1]).toMatchObject({ platform_message_id: dmsTo(person)[0]!.id });
  });

  it('X throttles the read (429, x-rate-limit-reset): the job comes back at the reset and marks nothing until it has asked', async () => {
    const { person, ledgerId } = await queuedXDm('Thanks for writing');
    x().failNext(new RegExp(`^/2/dm_conversations/with/${person}/dm_events$`), 429, 1, 600);
    await crashMidSend(ledgerId, true);
    const job = () =>
      pool()
        .query<{ id: string; run_at: Date }>('select id, run_at from graphile_worker.jobs where key = $1 and locked_at is null', [`verify:${ledgerId}`])
        .then((r) => r.rows[0]);
    await expect.poll(async () => (await job())?.run_at.getTime() ?? 0, { timeout: 20_000, interval: 100 }).toBeGreaterThan(Date.now() + 590_000);
    expect((await job())!.run_at.getTime()).toBeLessThan(Date.now() + 605_000);
    expect(lookups(person)).toHaveLength(1);
    expect((await rowOf(ledgerId))[0]).toMatchObject({ status: 'failed', failure_reason: 'uncertain', delivery_check: 'pending', platform_message_id: null });

    // The reset comes: the job runs again, reads once more and finds the DM.
    await pool().query('select graphile_worker.reschedule_jobs(array[$1::bigint], run_at := now())', [(await job())!.id]);
    await settled(ledgerId);
    expect(lookups(person)).toHaveLength(2);
    expect((await rowOf(ledgerId))[0]).toMatchObject({ status: 'sent', delivery_check: 'found', platform_message_id: dmsTo(person)[0]!.id });
    expect(dmsTo(person)).toHaveLength(1);
  });
});
