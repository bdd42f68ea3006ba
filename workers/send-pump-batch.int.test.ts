import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { failExpiredSends, UNCERTAIN_AFTER_CRASH } from '../activities/sends/at-most-once';
import { platformDepsFromConfig, type PlatformDeps } from '../activities/platform-deps';
import { createCallPace } from '../activities/sends/call-pace';
import { sendLimitsFromConfig } from '../db/sends/send-limits';
import type { SendOutcome } from '../contracts/send-outcome';
import { createTokenCipher } from '../integrations/crypto/token-cipher';
import { startMetaGraphFake, type MetaGraphFake } from '../tests/fakes/meta-graph.fake';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { pumpOf, queuedRows } from '../tests/support/send-pump-fixtures';

/**
 * Batch claims (ADR 0022): the send pump claims a job's due rows in one compare-and-set statement.
 * Several pumps (processes) given the same rows at once send each row once; rows not due yet are
 * handed back with their slot's time, untouched; rows another process has in flight are never sent.
 */
let t: TestApp;
let fake: MetaGraphFake;

beforeAll(async () => {
  fake = await startMetaGraphFake({ latencyMs: 100 });
  // The web role only: no worker of its own picks anything up behind the test's back.
  t = await startTestApp({ role: 'web', env: { ...fake.env, PRIVATE_REPLIES_PER_HOUR: '1000000' } });
});
afterAll(async () => {
  await t.stop();
  await fake.stop();
});

const pool = () => t.app.database.pool;
const fixture = () => ({ baseUrl: t.baseUrl, pool: pool(), fake });
// The rows are inserted due together, without send slots: the claim tests run without the call pace,
// which the last test gives its own rows (ADR 0056).
const platform = (owner: string, paced = false): PlatformDeps => {
  const deps = platformDepsFromConfig(t.app.config, createTokenCipher('0'.repeat(64)));
  return { ...deps, callPace: paced ? deps.callPace : undefined, sendOwner: owner };
};

const sendsPerTarget = (targets: string[]) => {
  const wanted = new Set(targets);
  const n = new Map<string, number>();
  for (const s of fake.sends) if (wanted.has(s.recipient)) n.set(s.recipient, (n.get(s.recipient) ?? 0) + 1);
  return n;
};
const statusOf = async (ids: string[]) =>
  (await pool().query<{ status: string; n: number }>('select status, count(*)::int as n from outbound_ledger where id = any($1) group by 1 order by 1', [ids]))
    .rows;

it('three pumps given the same 250 rows at once (in different orders, one of them row by row) send each row exactly once', async () => {
  const rows = await queuedRows(fixture(), 'batch-race', 250);
  const ids = rows.map((r) => r.id);
  const errors: string[] = [];
  const outcomes = [new Map<string, SendOutcome>(), new Map<string, SendOutcome>(), new Map<string, SendOutcome>()];
  const pumps = [
    pumpOf(pool(), platform('pump-a'), 256, outcomes[0]!, errors),
    pumpOf(pool(), platform('pump-b'), 64, outcomes[1]!, errors),
    pumpOf(pool(), platform('pump-c'), 256, outcomes[2]!, errors),
  ];
  // The batch pumps' claims leave one turn of the event loop ahead of the row-by-row pump's 250:
  // started in the same turn, those could all reach PostgreSQL first and leave the batches nothing
  // (seen once in CI), and the test would then not show batches racing at all.
  const batches = Promise.all([pumps[0]!.handOffBatch(ids), pumps[1]!.handOffBatch([...ids].reverse())]);
  await new Promise((r) => setImmediate(r));
  const [[a, b]] = await Promise.all([batches, Promise.all(ids.map((id) => pumps[2]!.handOff(id)))]);
  await Promise.all(pumps.map((p) => p.drain()));
  expect(errors).toEqual([]);
  // Every row sent, and each exactly once at the fake: a row claimed by one pump is never claimed by another.
  expect(await statusOf(ids)).toEqual([{ status: 'sent', n: 250 }]);
  const perTarget = sendsPerTarget(rows.map((r) => r.target));
  expect(perTarget.size).toBe(250);
  expect([...perTarget.values()].every((n) => n === 1)).toBe(true);
  const sentBy = outcomes.map((o) => [...o.values()].filter((x) => x.status === 'sent').length);
  expect(sentBy.reduce((x, y) => x + y, 0)).toBe(250);
  // Rows in flight in another pump at the time come back to be asked again at their lease's end (not sent here).
  for (const later of [a.later, b.later]) for (const l of later) expect(l.at.getTime()).toBeGreaterThan(Date.now());
  // The batches did claim: at least one of the batch pumps sent rows.
  expect(sentBy[0]! + sentBy[1]!).toBeGreaterThan(0);
});

it('keeps the pacing: rows whose slot has not come are handed back with their time, untouched, and sent once due', async () => {
  const rows = await queuedRows(fixture(), 'batch-paced', 6);
  const ids = rows.map((r) => r.id);
  // Three due now, three with a slot 1.5 s out (a paced account's next slots).
  await pool().query(`update outbound_ledger set scheduled_for = clock_timestamp() + interval '1.5 seconds' where id = any($1)`, [ids.slice(3)]);
  const slots = (await pool().query<{ id: string; scheduled_for: Date }>('select id, scheduled_for from outbound_ledger where id = any($1)', [ids.slice(3)]))
    .rows;
  const errors: string[] = [];
  const pump = pumpOf(pool(), platform('pump-paced'), 256, new Map(), errors);
  const first = await pump.handOffBatch(ids);
  await pump.drain();
  expect(first.later.map((l) => l.ledgerId).sort()).toEqual(ids.slice(3).sort());
  for (const l of first.later) expect(l.at.getTime()).toBe(slots.find((s) => s.id === l.ledgerId)!.scheduled_for.getTime());
  expect(await statusOf(ids.slice(0, 3))).toEqual([{ status: 'sent', n: 3 }]);
  expect(await statusOf(ids.slice(3))).toEqual([{ status: 'queued', n: 3 }]);
  expect(sendsPerTarget(rows.slice(3).map((r) => r.target)).size).toBe(0);
  // At their time (what the job's re-added batch does): sent, once.
  await sleep(Math.max(0, Math.max(...first.later.map((l) => l.at.getTime())) - Date.now() + 50));
  const second = await pump.handOffBatch(ids);
  await pump.drain();
  expect(second.later).toEqual([]);
  expect(await statusOf(ids)).toEqual([{ status: 'sent', n: 6 }]);
  expect([...sendsPerTarget(rows.map((r) => r.target)).values()]).toEqual([1, 1, 1, 1, 1, 1]);
  expect(errors).toEqual([]);
});

it('a crash after the claim: rows another process claimed are never resent, and are failed as uncertain once their lease has run out', async () => {
  const rows = await queuedRows(fixture(), 'batch-claimed', 4);
  const ids = rows.map((r) => r.id);
  // A process claimed two of them and died mid-call (its job is run again with the same rows).
  await pool().query(
    `update outbound_ledger set status = 'sending', attempts = 1, send_owner = 'dead-process', send_lease_until = clock_timestamp() + interval '1 minute' where id = any($1)`,
    [ids.slice(0, 2)],
  );
  const errors: string[] = [];
  const pump = pumpOf(pool(), platform('pump-rerun'), 256, new Map(), errors);
  const { later } = await pump.handOffBatch(ids);
  await pump.drain();
  // The other two sent; the claimed two asked again at their lease's end, not sent.
  expect(later.map((l) => l.ledgerId).sort()).toEqual(ids.slice(0, 2).sort());
  expect(await statusOf(ids.slice(2))).toEqual([{ status: 'sent', n: 2 }]);
  expect(await statusOf(ids.slice(0, 2))).toEqual([{ status: 'sending', n: 2 }]);
  expect(sendsPerTarget(rows.slice(0, 2).map((r) => r.target)).size).toBe(0);
  // The lease runs out: the sweep fails them as uncertain; asked again, nothing is sent.
  await pool().query(`update outbound_ledger set send_lease_until = clock_timestamp() - interval '1 second' where id = any($1)`, [ids.slice(0, 2)]);
  expect(await failExpiredSends(pool())).toBe(2);
  const failed = await pool().query<{ error: string }>('select error from outbound_ledger where id = any($1)', [ids.slice(0, 2)]);
  expect(failed.rows.every((r) => r.error === UNCERTAIN_AFTER_CRASH)).toBe(true);
  expect(await pump.handOffBatch(ids)).toEqual({ later: [] });
  await pump.drain();
  expect(sendsPerTarget(rows.map((r) => r.target)).size).toBe(2);
  expect(errors).toEqual([]);
});

it("a late claim that finds many rows due still calls at the account's rate: the rest are handed back for when they may go (ADR 0056)", async () => {
  // Twelve rows due together (a job that ran late finds every slot passed), on a bucket of 10 a second
  // with a burst of 3: three leave at once, then one every 100 ms, whatever the claims find due.
  const rows = await queuedRows(fixture(), 'batch-late', 12);
  const ids = rows.map((r) => r.id);
  const deps = platformDepsFromConfig(t.app.config, createTokenCipher('0'.repeat(64)));
  const limits = sendLimitsFromConfig(t.app.config);
  const paced = { ...deps, sendOwner: 'pump-late', callPace: createCallPace({ ...limits, private_reply: { perHour: 36_000, burst: 3 } }) };
  const errors: string[] = [];
  const pump = pumpOf(pool(), paced, 256, new Map(), errors);
  let { later } = await pump.handOffBatch(ids);
  expect(later).toHaveLength(9);
  for (const l of later) expect(l.at.getTime()).toBeGreaterThan(Date.now());
  expect(await statusOf(later.map((l) => l.ledgerId))).toEqual([{ status: 'queued', n: 9 }]);
  // As the job does: the rows handed back are asked again at the earliest of their times.
  while (later.length > 0) {
    await sleep(Math.max(0, Math.min(...later.map((l) => l.at.getTime())) - Date.now()));
    ({ later } = await pump.handOffBatch(later.map((l) => l.ledgerId)));
  }
  await pump.drain();
  expect(await statusOf(ids)).toEqual([{ status: 'sent', n: 12 }]);
  const targets = new Set(rows.map((r) => r.target));
  const at = fake.sends
    .filter((s) => targets.has(s.recipient))
    .map((s) => s.at)
    .sort((a, b) => a - b);
  expect(at).toHaveLength(12);
  // The k-th call no sooner than (k − 2) intervals after the first (a few ms for the fake's clock).
  at.forEach((x, k) => expect(x - at[0]!).toBeGreaterThanOrEqual(Math.max(0, k - 2) * 100 - 10));
  expect(errors).toEqual([]);
});
