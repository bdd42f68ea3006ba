import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failExpiredSends, UNCERTAIN_AFTER_CRASH } from '../activities/sends/at-most-once';
import { platformDepsFromConfig, type PlatformDeps } from '../activities/platform-deps';
import type { SendOutcome } from '../contracts/send-outcome';
import { createTokenCipher } from '../integrations/crypto/token-cipher';
import { startMetaGraphFake, type MetaGraphFake } from '../tests/fakes/meta-graph.fake';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { pumpOf, queuedRows } from '../tests/support/send-pump-fixtures';
import { messagesUsedSql } from '../db/usage/record-usage';

/**
 * The send pump (ADR 0021) against a real database and the Graph API contract fake: calls leave
 * without holding a connection, at most `maxInFlight` at once; a row in flight in another process
 * is never sent again; a lost outcome write leaves the row to the lease sweep, never resent.
 */
let t: TestApp;
let fake: MetaGraphFake;

beforeAll(async () => {
  fake = await startMetaGraphFake({ latencyMs: 300 });
  // The web role only: no worker of its own picks anything up (no jobs, no sweep) behind the test's back.
  t = await startTestApp({ role: 'web', env: { ...fake.env, PRIVATE_REPLIES_PER_HOUR: '1000000' } });
});
afterAll(async () => {
  await t.stop();
  await fake.stop();
});

const pool = () => t.app.database.pool;
const fixture = () => ({ baseUrl: t.baseUrl, pool: pool(), fake });
// The rows here are inserted due together, without send slots: these tests are about the pump, so
// without the call pace (ADR 0056; its own test is in send-pump-batch.int.test.ts).
const platform = (extra: Partial<PlatformDeps> = {}): PlatformDeps => ({
  ...platformDepsFromConfig(t.app.config, createTokenCipher('0'.repeat(64))),
  callPace: undefined,
  sendOwner: 'test-pump',
  ...extra,
});

const statusOf = async (ids: string[]) =>
  (
    await pool().query<{ status: string; error: string | null; n: number }>(
      'select status, error, count(*)::int as n from outbound_ledger where id = any($1) group by 1, 2 order by 1',
      [ids],
    )
  ).rows;
const sendsTo = (targets: string[]) => fake.sends.filter((s) => targets.includes(s.recipient)).length;

describe('the send pump', () => {
  it('hands calls over at once and keeps at most maxInFlight in flight, with no connection held during a call', async () => {
    const rows = await queuedRows(fixture(), 'pump', 60);
    // Automated (a rule's) private replies: each counts once towards the workspace's monthly messages.
    await pool().query('update outbound_ledger set rule_id = gen_random_uuid() where id = any($1)', [rows.map((r) => r.id)]);
    const outcomes = new Map<string, SendOutcome>();
    const pump = pumpOf(pool(), platform(), 20, outcomes);
    let peak = 0;
    const checkedOut = () => pool().totalCount - pool().idleCount;
    const baseline = checkedOut(); // the app's own (its LISTEN connection)
    const watch = setInterval(() => (peak = Math.max(peak, pump.inFlight())), 5);
    // Slow Graph calls (1.5 s each), so that a loaded machine's claims cannot look like waiting for them.
    fake.setLatency(1500);
    const started = performance.now();
    try {
      // The first 20 are handed over without waiting for any Graph call.
      const first = await Promise.all(rows.slice(0, 20).map((r) => pump.handOff(r.id)));
      expect(performance.now() - started).toBeLessThan(1500);
      expect(outcomes.size).toBe(0);
      // 20 calls in flight, and not one connection checked out for them.
      expect(checkedOut()).toBeLessThanOrEqual(baseline);
      expect(first.every((o) => o.status === 'in-flight')).toBe(true);
      expect(pump.inFlight()).toBe(20);
      // The 21st waits for a free place; all 60 go out in 3 waves of 20.
      const rest = await Promise.all(rows.slice(20).map((r) => pump.handOff(r.id)));
      expect(rest.every((o) => o.status === 'in-flight')).toBe(true);
      await pump.drain();
    } finally {
      clearInterval(watch);
      fake.setLatency(300);
    }
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(3 * 1500 - 50);
    expect(elapsed).toBeLessThan(60 * 1500);
    expect(peak).toBe(20);
    expect([...outcomes.values()].every((o) => o.status === 'sent')).toBe(true);
    expect(await statusOf(rows.map((r) => r.id))).toEqual([{ status: 'sent', error: null, n: 60 }]);
    expect(sendsTo(rows.map((r) => r.target))).toBe(60);
    // Group-committed per workspace, yet each delivery counted exactly once.
    const used = await pool().query<{ n: number }>(
      `select sum(${messagesUsedSql('u.id')})::int as n from users u where u.workspace_id = (select workspace_id from outbound_ledger where id = $1)`,
      [rows[0]!.id],
    );
    expect(used.rows[0]!.n).toBe(60);
    // Handed over again (a duplicate job): nothing is sent twice.
    expect(await pump.handOff(rows[0]!.id)).toEqual({ status: 'already-sent' });
    expect(sendsTo(rows.map((r) => r.target))).toBe(60);
  });

  it('never sends a row another process has in flight; fails it as uncertain only once its lease has run out', async () => {
    const [row] = await queuedRows(fixture(), 'leased', 1);
    // Another process claimed it: sending, its owner, a lease a minute out.
    await pool().query(
      `update outbound_ledger set status = 'sending', attempts = 1, send_owner = 'other-process', send_lease_until = now() + interval '1 minute' where id = $1`,
      [row!.id],
    );
    const pump = pumpOf(pool(), platform(), 5, new Map());
    const outcome = await pump.handOff(row!.id);
    expect(outcome).toMatchObject({ status: 'rescheduled', error: 'Being sent by another worker' });
    expect(await failExpiredSends(pool())).toBe(0);
    expect(await statusOf([row!.id])).toEqual([{ status: 'sending', error: null, n: 1 }]);

    // Its process died: the lease runs out, and the sweep fails it without resending.
    await pool().query(`update outbound_ledger set send_lease_until = now() - interval '1 second' where id = $1`, [row!.id]);
    expect(await failExpiredSends(pool())).toBe(1);
    expect(await statusOf([row!.id])).toEqual([{ status: 'failed', error: UNCERTAIN_AFTER_CRASH, n: 1 }]);
    expect(await pump.handOff(row!.id)).toEqual({ status: 'already-sent' });
    expect(sendsTo([row!.target])).toBe(0);
  });

  it('an outcome write that fails (database down) is not resent: the row stays sending and the sweep fails it after the lease', async () => {
    const rows = await queuedRows(fixture(), 'dbdown', 3);
    let down = false;
    const real = pool();
    // The pump's own view of the database: down once the calls have left.
    const flaky = {
      connect: () => (down ? Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')) : real.connect()),
      query: (...args: Parameters<pg.Pool['query']>) => (down ? Promise.reject(new Error('connect ECONNREFUSED')) : real.query(...args)),
    } as unknown as pg.Pool;
    const errors: string[] = [];
    const outcomes = new Map<string, SendOutcome>();
    // A 7 s lease: the pump stops retrying its write 5 s before it runs out.
    const pump = pumpOf(flaky, platform({ sendLeaseMs: 7_000 }), 10, outcomes, errors);
    for (const r of rows) expect(await pump.handOff(r.id)).toEqual({ status: 'in-flight' });
    down = true;
    await pump.drain();
    expect(outcomes.size).toBe(0);
    expect(errors.some((m) => m.includes('could not be written before its lease ran out'))).toBe(true);
    // Delivered at the fake, but not recorded: still sending, under its live lease.
    expect(sendsTo(rows.map((r) => r.target))).toBe(3);
    expect(await statusOf(rows.map((r) => r.id))).toEqual([{ status: 'sending', error: null, n: 3 }]);
    down = false;
    expect(await pump.handOff(rows[0]!.id)).toMatchObject({ status: 'rescheduled' });
    expect(await failExpiredSends(pool())).toBe(0);

    await expect.poll(() => failExpiredSends(pool()), { timeout: 15_000, interval: 500 }).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        await failExpiredSends(pool());
        return statusOf(rows.map((r) => r.id));
      })
      .toEqual([{ status: 'failed', error: UNCERTAIN_AFTER_CRASH, n: 3 }]);
    for (const r of rows) expect(await pump.handOff(r.id)).toEqual({ status: 'already-sent' });
    expect(sendsTo(rows.map((r) => r.target))).toBe(3);
  });
});
