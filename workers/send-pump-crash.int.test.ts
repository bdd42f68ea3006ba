import { afterAll, beforeAll, expect, it } from 'vitest';
import { UNCERTAIN_AFTER_CRASH } from '../activities/sends/at-most-once';
import { jobSpecRow } from '../db/jobs/job-spec';
import { startMetaGraphFake, type MetaGraphFake } from '../tests/fakes/meta-graph.fake';
import { fakePage, seedMetaAccounts } from '../tests/support/meta-accounts';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { killWorkerMidway, type SpawnedWorker } from '../tests/support/worker-process';
import { newWorkspaceUser } from '../tests/support/workspace';

/**
 * The send pump's invariant under kill -9 (ADR 0021): a worker is killed with Graph calls in flight
 * (rows `sending` under its lease, no job and no connection behind them). Another worker sends every
 * row that was not yet claimed, exactly once; the rows in flight at the kill are never resent, and
 * are failed as uncertain by the `outbound:sweep` cron once their lease has run out.
 */
const ROWS = 400;
// Graph calls take 2 s: at the kill, up to SEND_MAX_IN_FLIGHT of them are in flight. The lease is
// 3 × PLATFORM_HTTP_TIMEOUT_MS + 30 s = 39 s; the sweep runs every minute.
const workerEnv = { WORKER_STALE_AFTER_MS: '3000', PLATFORM_HTTP_TIMEOUT_MS: '3000', SEND_MAX_IN_FLIGHT: '40', PRIVATE_REPLIES_PER_HOUR: '1000000' };
let t: TestApp;
let fake: MetaGraphFake;
const children: SpawnedWorker[] = [];

beforeAll(async () => {
  fake = await startMetaGraphFake({ latencyMs: 2000 });
  t = await startTestApp({ role: 'web', env: { ...fake.env, ...workerEnv } });
});
afterAll(async () => {
  for (const w of children) if (w.child.exitCode === null) w.child.kill('SIGKILL');
  await t.stop();
  await fake.stop();
});

/**
 * `outbound.send {ledgerId}`: one job per row (broadcasts, DMs, flows' queued sends). `outbound.sends
 * {ledgerIds}`: batches of a comment batch's private replies (ADR 0022), 50 rows per job, claimed
 * together, queued under the name older versions used: the alias (contracts/jobs.ts) runs them after
 * an upgrade as `outbound.send {ledgerIds}`, which inbound batches queue today (crash-tested with the
 * inbound pipeline by workers/inbound/crash-recovery.int.test.ts). A job killed mid-way is run again
 * by the second worker, which skips the rows found `sending`.
 */
it.each(['outbound.send', 'outbound.sends'] as const)(
  `%s: kill -9 with ${ROWS} private replies, some in flight: the in-flight ones failed as uncertain after their lease, the rest sent once`,
  async (task) => {
    const pool = t.app.database.pool;
    const w = await newWorkspaceUser(t.baseUrl);
    // Comments of their own per case: the fake, like Meta, allows one private reply per comment.
    const tag = task === 'outbound.send' ? 'crash1' : 'crash2';
    const page = fakePage(tag);
    fake.addPage(page);
    const { igAccountId } = await seedMetaAccounts(pool, w.user.workspaceId, page);
    // Queued private replies with their outbound.send jobs, as scheduleSend leaves them.
    await pool.query(
      `with rows as (
       insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text)
       select $1::uuid, $2::uuid, 'private_reply:' || $2::text || ':c-' || $4 || '-' || i, 'private_reply', 'c-' || $4 || '-' || i, 'Here you go'
       from generate_series(1, $3) i
       returning id
     )
     select ${
       task === 'outbound.send'
         ? `graphile_worker.add_jobs(array_agg(${jobSpecRow('outbound.send', { payload: `json_build_object('ledgerId', id)`, keyOf: 'id::text' })})) from rows`
         : `graphile_worker.add_jobs(array_agg(${jobSpecRow('outbound.sends', { payload: `json_build_object('ledgerIds', ids)` })}))
            from (select json_agg(id) as ids from (select id, (row_number() over (order by id) - 1) / 50 as chunk from rows) r group by chunk) g`
     }`,
      [w.user.workspaceId, igAccountId, ROWS, tag],
    );
    const count = async (where: string) =>
      (await pool.query<{ n: number }>(`select count(*)::int as n from outbound_ledger where account_id = $1 and ${where}`, [igAccountId])).rows[0]!.n;

    // The rows `sending` at each look; the last look is taken after the kill, before the second worker starts.
    // The kill waits for ≥ 30 rows claimed in the last second: their 2 s calls cannot have finished by the
    // time it lands. (Counting every `sending` row, once read before `sent`, could see a wave that
    // finished a moment later, leaving none in flight at the kill.)
    const leaseSeconds = (3 * Number(workerEnv.PLATFORM_HTTP_TIMEOUT_MS) + 30_000) / 1000;
    let inFlight: { id: string; target: string; fresh: boolean }[] = [];
    const { first, second } = await killWorkerMidway(
      t.db.url,
      { ...fake.env, ...workerEnv },
      {
        // Killed once some replies are delivered and a pump's worth is freshly in flight.
        progress: async () => {
          const sent = await count(`status = 'sent'`);
          inFlight = (
            await pool.query<{ id: string; target: string; fresh: boolean }>(
              `select id, target, send_lease_until > clock_timestamp() + make_interval(secs => $2::float8 - 1) as fresh
               from outbound_ledger where account_id = $1 and status = 'sending'`,
              [igAccountId, leaseSeconds],
            )
          ).rows;
          return sent >= 20 ? inFlight.filter((r) => r.fresh).length : 0;
        },
        atLeast: 30,
        total: ROWS,
        timeoutMs: 120_000,
        spawned: children,
      },
    );
    if (inFlight.length < 30) {
      // Say what the rows were at the kill (once, before the fresh-claims look, CI saw 0 here).
      const states = await pool.query(
        `select status, count(*)::int as n, count(distinct send_owner)::int as owners, min(send_lease_until) as lease_from, max(send_lease_until) as lease_to
         from outbound_ledger where account_id = $1 group by status`,
        [igAccountId],
      );
      expect.fail(
        `${inFlight.length} rows sending after the kill; rows by status: ${JSON.stringify(states.rows)}\nfirst worker:\n${first.output().slice(-4000)}`,
      );
    }

    // The second worker sends the rest; the rows in flight at the kill stay `sending` until their lease ends.
    await expect.poll(() => count(`status = 'sent'`), { timeout: 240_000, interval: 1000 }).toBe(ROWS - inFlight.length);
    expect(await count(`status = 'sending' and id = any('{${inFlight.map((r) => r.id).join(',')}}'::uuid[])`)).toBe(inFlight.length);
    // Then the sweep (every minute, after the 39 s lease) fails them as uncertain: never resent.
    await expect.poll(() => count(`status = 'failed'`), { timeout: 240_000, interval: 1000 }).toBe(inFlight.length);
    const failed = await pool.query<{ id: string; error: string; failure_reason: string }>(
      `select id, error, failure_reason from outbound_ledger where account_id = $1 and status = 'failed'`,
      [igAccountId],
    );
    expect(new Set(failed.rows.map((r) => r.id))).toEqual(new Set(inFlight.map((r) => r.id)));
    for (const r of failed.rows) expect(r).toMatchObject({ error: UNCERTAIN_AFTER_CRASH, failure_reason: 'uncertain' });

    // At the fake: no comment answered twice; every row not in flight at the kill answered once.
    const perTarget = new Map<string, number>();
    for (const s of fake.sends) if (s.recipient.startsWith(`c-${tag}-`)) perTarget.set(s.recipient, (perTarget.get(s.recipient) ?? 0) + 1);
    expect([...perTarget.values()].every((n) => n === 1)).toBe(true);
    const inFlightTargets = new Set(inFlight.map((r) => r.target));
    const others = Array.from({ length: ROWS }, (_, i) => `c-${tag}-${i + 1}`).filter((c) => !inFlightTargets.has(c));
    expect(others.every((c) => perTarget.get(c) === 1)).toBe(true);
    // Per-row jobs had all completed at hand-off, so the sweep failed them. A batch job killed mid-way is
    // run again and its `sending` rows are asked again at their lease's end: whichever comes first
    // fails them as uncertain.
    if (task === 'outbound.send') expect(second.output()).toMatch(/failed as uncertain \(not resent\)/);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  },
  600_000,
);
