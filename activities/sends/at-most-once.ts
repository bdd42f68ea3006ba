import type pg from 'pg';
import { tuning } from '../../config/tuning';
import type { SendOutcome } from '../../contracts/send-outcome';
import { claimLockedSend, claimQueuedSends, expiredSends, type ClaimLease } from '../../db/sends/claim-sends';
import {
  lockSendAttempt,
  markSendAccountNeedsReconnect,
  markSendFailed,
  markSendsDelivered,
  notifySendSettled,
  requeueSend,
  type Delivered,
} from '../../db/sends/finish-sends';
import { queueDeliveryCheck } from '../../db/sends/delivery-check';
import { requeueSendJob } from '../../db/sends/requeue-send-job';
import { accountLabel, kindLabel, lockSendEntry, readSendEntries, type SendEntry } from '../../db/sends/send-entry';
import { inTransaction, rollback, type Rollback } from '../../db/transaction';
import { failureReason, type FailureReason } from '../../integrations/failure-reason';
import type { PlatformFailureWithFacts } from '../../integrations/platform-failure';
import type { PlatformDeps } from '../platform-deps';

/**
 * One platform send, at most once (ADR 0006, ADR 0021): the protocol every Meta and X send follows,
 * for one row or many. The single operation IS the batch one called with one row
 * (`claimSend` = `claimSends([id])`, `finishClaimed` = `finishSends([r])`); the SQL is db/sends/.
 *
 *   queued ──claim──▶ sending (owner, lease; committed) ──call──▶ finish ──▶ sent | failed | queued (retry at)
 *                        │
 *                        └── lease runs out (the process died mid-call) ──▶ settleUncertain ──▶ failed (uncertain)
 *                                                                                      └─ outbound.verify ──▶ sent | checked (F23)
 *
 * 1. claim (claimSends): the rows read without a lock; those queued, due and passing every check get
 *    `sending` in ONE compare-and-set statement, committed with this process as owner and a lease.
 *    Anything else — a check fails, the row changed or is locked meanwhile, a row found `sending` —
 *    goes through the locked path (lockedClaim), which reads the row again under its row lock.
 * 2. the platform call, with no connection and no transaction held (callClaimed);
 * 3. finish (finishSends): deliveries marked sent in one statement per workspace; a failure written
 *    in a transaction of its own — each only while the row is still its claim's `sending`.
 *
 * No lock is held across the call. A row found `sending` with a live lease is in flight elsewhere:
 * the caller comes back when the lease runs out. One found `sending` past its lease may have been
 * delivered: settleUncertain fails it as uncertain, never resent, and queues its check with the
 * platform in the same commit (activities/sends/verify-delivery.ts), which marks it sent if it arrived.
 */

export type { SendEntry } from '../../db/sends/send-entry';

export type CallResult = { ok: true; platformId: string } | { ok: false; failure: PlatformFailureWithFacts };

/** What differs per platform (activities/sends/meta.ts, x.ts); everything else (locking, states, retries, failures) is shared. */
export interface SendDriver<Plan> {
  /** "Meta", "X": used in messages. */
  name: string;
  /** Shown when the platform rejects the token ("Meta rejected the access token (code 190)"). */
  tokenRejected: string;
  /** Checks before anything is sent (text limits, windows): an error fails the send unsent. */
  check(entry: SendEntry): { error: string; reason?: FailureReason } | { plan: Plan };
  /** The platform call, after `sending` is committed. Must not throw for platform errors. */
  deliver(entry: SendEntry, token: string, plan: Plan, deps: PlatformDeps, pool: pg.Pool): Promise<CallResult>;
}

/** Picks the driver of a row's provider; undefined hands the row to `other` (the sandbox). */
export type DriverPick = (provider: SendEntry['provider']) => SendDriver<unknown> | undefined;

/** Where a row no driver sends goes (the sandbox: delivered in one transaction on the given connection, exactly once). */
export type OtherDelivery = (client: pg.PoolClient, ledgerId: string) => Promise<SendOutcome>;

/** A row this process has claimed (`sending`, committed): its call may leave. */
export interface Claimed {
  entry: SendEntry;
  token: string;
  plan: unknown;
  driver: SendDriver<unknown>;
}

/** A row claimed, or why there is nothing to call (not due, already sent, a check failed, in flight elsewhere). */
export type Claim = Claimed | { ledgerId: string; outcome: SendOutcome };

export const UNCERTAIN_AFTER_CRASH = 'Delivery uncertain after a worker crash; not resent to avoid a duplicate';
/** What a finish reports when the row was no longer its claim's (failed as uncertain by a sweep after the lease ran out). */
export const LEASE_LOST = 'The send finished after its lease ran out; the row had already been marked uncertain';
const MAX_BACKOFF_MS = 3_600_000;

/** How long a claim holds a row `sending` before it counts as dead: well past the call's hard timeout (a driver may make two calls). */
export function sendLeaseMs(deps: Pick<PlatformDeps, 'meta' | 'sendLeaseMs'>): number {
  return deps.sendLeaseMs ?? 3 * deps.meta.timeoutMs + 30_000;
}

const leaseOf = (deps: PlatformDeps): ClaimLease => ({ owner: deps.sendOwner ?? null, leaseMs: sendLeaseMs(deps) });

/** One row: claim, call, finish in one await (the web's sends, a flow step's). */
export async function sendByProvider(pool: pg.Pool, ledgerId: string, deps: PlatformDeps, pick: DriverPick, other?: OtherDelivery): Promise<SendOutcome> {
  const claim = await claimSend(pool, ledgerId, deps, pick, other);
  if ('outcome' in claim) return claim.outcome;
  return finishClaimed(pool, claim, await callClaimed(pool, claim, deps), deps);
}

/** Step 1 for one row: claimSends with one id. */
export async function claimSend(pool: pg.Pool, ledgerId: string, deps: PlatformDeps, pick: DriverPick, other?: OtherDelivery): Promise<Claim> {
  return (await claimSends(pool, [ledgerId], deps, pick, other))[0]!;
}

/**
 * Step 1: claims every row it can (committed `sending`, this owner, a lease) and says for each of
 * the others why there is nothing to call, in the order given. Two statements for the common rows
 * (the read, the compare-and-set), a transaction each for the unusual ones.
 */
export async function claimSends(pool: pg.Pool, ledgerIds: string[], deps: PlatformDeps, pick: DriverPick, other?: OtherDelivery): Promise<Claim[]> {
  const byId = new Map((await readSendEntries(pool, ledgerIds)).map((e) => [e.id, e]));
  const claims = new Map<string, Claim>();
  const candidates: Claimed[] = [];
  /** Rows for the locked path; `admitted` when the pace already counted their call (ADR 0056). */
  const locked: { entry: SendEntry; driver: SendDriver<unknown>; admitted: boolean }[] = [];
  const others: string[] = [];
  for (const id of ledgerIds) {
    const entry = byId.get(id);
    const driver = entry && pick(entry.provider);
    if (!entry) claims.set(id, { ledgerId: id, outcome: { status: 'missing' } });
    else if (!driver) others.push(id);
    else {
      const checked = fastCheck(entry, deps, driver);
      if (checked === undefined) locked.push({ entry, driver, admitted: false });
      else if ('outcome' in checked) claims.set(id, { ledgerId: id, outcome: checked.outcome });
      else candidates.push({ entry, token: checked.token, plan: checked.plan, driver });
    }
  }
  // Committed before the calls leave: from here on a crash means "maybe delivered".
  const won = await claimQueuedSends(
    pool,
    candidates.map((c) => ({ id: c.entry.id, attempts: c.entry.attempts })),
    leaseOf(deps),
  );
  for (const c of candidates) {
    if (won.has(c.entry.id)) claims.set(c.entry.id, { ...c, entry: { ...c.entry, attempts: c.entry.attempts + 1 } });
    else locked.push({ entry: c.entry, driver: c.driver, admitted: true });
  }
  if (locked.length > 0 || others.length > 0) {
    const client = await pool.connect();
    try {
      for (const { entry, driver, admitted } of locked) claims.set(entry.id, await lockedClaim(client, entry.id, deps, driver, admitted));
      for (const id of others) {
        const outcome: SendOutcome = other
          ? await other(client, id)
          : { status: 'failed', retryable: false, error: `Sending through ${byId.get(id)!.provider} is not available` };
        claims.set(id, { ledgerId: id, outcome });
      }
    } finally {
      client.release();
    }
  }
  return ledgerIds.map((id) => claims.get(id)!);
}

/**
 * The checks of a claim on a row read without a lock: an answer such a read cannot make wrong
 * (already sent or failed stays so; not yet due is merely asked again at its time), the token and
 * plan of a row that may be claimed, or undefined when the locked path must decide.
 */
function fastCheck<Plan>(entry: SendEntry, deps: PlatformDeps, driver: SendDriver<Plan>): { outcome: SendOutcome } | { token: string; plan: Plan } | undefined {
  if (entry.status === 'sent' || entry.status === 'failed') return { outcome: { status: 'already-sent' } };
  if (entry.status !== 'queued') return undefined;
  if (entry.not_yet) return { outcome: { status: 'rescheduled', retryAt: entry.scheduled_for, error: 'Waiting for its send slot' } };
  if (!entry.is_active || entry.account_status === 'needs_reconnect' || !entry.access_token_enc || entry.attempts >= deps.sendRetry.maxAttempts)
    return undefined;
  let token: string;
  try {
    token = deps.cipher.decrypt(entry.access_token_enc);
  } catch {
    return undefined;
  }
  const checked = driver.check(entry);
  if ('error' in checked) return undefined;
  const paced = pace(entry, deps);
  if (paced) return { outcome: paced };
  return { token, plan: checked.plan };
}

/** The account's bucket in this process at the moment its call would leave (ADR 0056): null to go now, counted. */
function pace(entry: SendEntry, deps: PlatformDeps): SendOutcome | null {
  const at = deps.callPace?.admit(entry, Date.now());
  return at ? { status: 'rescheduled', retryAt: at, error: 'Waiting for its send slot' } : null;
}

/** The locked path: one transaction that locks the row, checks it and commits `sending` — or writes why not, or rolls back. */
function lockedClaim(client: pg.PoolClient, ledgerId: string, deps: PlatformDeps, driver: SendDriver<unknown>, admitted = false): Promise<Claim> {
  return inTransaction(client, (c) => lockedClaimIn(c, ledgerId, deps, driver, admitted));
}

async function lockedClaimIn(
  client: pg.PoolClient,
  ledgerId: string,
  deps: PlatformDeps,
  driver: SendDriver<unknown>,
  admitted: boolean,
): Promise<Claim | Rollback<Claim>> {
  const done = (outcome: SendOutcome) => ({ ledgerId, outcome });
  const entry = await lockSendEntry(client, ledgerId);
  if (!entry) return rollback(done({ status: 'missing' }));
  if (entry.status === 'sent' || entry.status === 'failed') return rollback(done({ status: 'already-sent' }));
  if (entry.status === 'queued' && entry.not_yet) {
    // Paced or backing off: its time has not come (a job or the flow runtime calls again then).
    return rollback(done({ status: 'rescheduled', retryAt: entry.scheduled_for, error: 'Waiting for its send slot' }));
  }
  if (entry.status === 'sending' && entry.lease_live && entry.send_lease_until) {
    // In flight in another process (or this one): its owner writes the outcome; ask again after the lease.
    return rollback(done({ status: 'rescheduled', retryAt: entry.send_lease_until, error: 'Being sent by another worker' }));
  }
  if (entry.status === 'sending') return done(await settleUncertain(client, entry));
  const fail = async (error: string, reason: FailureReason = 'account_disconnected') => done(await failSend(client, entry, error, reason));
  const label = accountLabel(entry);
  if (!entry.is_active) return fail(`Not sent: ${label} is disconnected`);
  if (entry.account_status === 'needs_reconnect') return fail(`Not sent: ${label} needs reconnecting (${driver.name} rejected its access token)`);
  if (!entry.access_token_enc) return fail(`Not sent: ${label} has no access token; reconnect it`);
  if (entry.attempts >= deps.sendRetry.maxAttempts) return fail(`Not sent: gave up after ${entry.attempts} attempts`, 'rate_limited');
  let token: string;
  try {
    token = deps.cipher.decrypt(entry.access_token_enc);
  } catch {
    return fail(`Not sent: the stored token of ${label} cannot be decrypted (was APP_ENCRYPTION_KEY changed?); reconnect it`);
  }
  const checked = driver.check(entry);
  if ('error' in checked) return fail(checked.error, checked.reason ?? 'rejected');
  const paced = admitted ? null : pace(entry, deps);
  if (paced) return rollback(done(paced));
  // Committed before the call leaves: from here on a crash means "maybe delivered".
  await claimLockedSend(client, entry.id, leaseOf(deps));
  return { entry: { ...entry, attempts: entry.attempts + 1 }, token, plan: checked.plan, driver };
}

/**
 * A row found `sending` past its lease (or without one), under its row lock: its process died
 * mid-call, so it may have been delivered. It is failed as uncertain and never resent (ADR 0006);
 * failSend queues its check with the platform at once (the call ended at least a lease ago), for
 * both the claim that finds such a row and the sweep.
 */
async function settleUncertain(client: pg.PoolClient, entry: SendEntry): Promise<SendOutcome> {
  return failSend(client, entry, UNCERTAIN_AFTER_CRASH, 'uncertain');
}

/** Step 2: the platform call, holding no connection (a driver may borrow one briefly, e.g. to store a refreshed X token). */
export function callClaimed(pool: pg.Pool, claimed: Claimed, deps: PlatformDeps): Promise<CallResult> {
  return claimed.driver.deliver(claimed.entry, claimed.token, claimed.plan, deps, pool);
}

/** Step 3 for one row: finishSends with one result. */
export async function finishClaimed(pool: pg.Pool, claimed: Claimed, result: CallResult, deps: PlatformDeps, opts: FinishOptions = {}): Promise<SendOutcome> {
  return (await finishSends(pool, [{ claimed, result }], deps, opts))[0]!;
}

export interface FinishOptions {
  /** A throttled row also gets its `outbound.send` job back for its retry time, in the same commit (the send pump's job has already finished). */
  requeueJob?: boolean;
}

/**
 * Step 3: the outcomes, in the order given. Deliveries are marked sent in one statement per
 * workspace (group commit: under load each delivery otherwise queues on its workspace's usage row);
 * each failure in a transaction of its own. Written only while the row is still its claim's `sending`.
 */
export async function finishSends(
  pool: pg.Pool,
  results: { claimed: Claimed; result: CallResult }[],
  deps: PlatformDeps,
  opts: FinishOptions = {},
): Promise<SendOutcome[]> {
  const outcomes = new Map<Claimed, SendOutcome>();
  const delivered = new Map<string, { claimed: Claimed; d: Delivered }[]>();
  for (const { claimed, result } of results) {
    if (!result.ok) continue;
    const list = delivered.get(claimed.entry.workspace_id) ?? [];
    list.push({ claimed, d: { entry: claimed.entry, platformId: result.platformId } });
    delivered.set(claimed.entry.workspace_id, list);
  }
  for (const [workspaceId, list] of delivered) {
    const written = await markSendsDelivered(
      pool,
      workspaceId,
      list.map((x) => x.d),
    );
    for (const { claimed } of list)
      outcomes.set(claimed, written.has(claimed.entry.id) ? { status: 'sent' } : { status: 'failed', retryable: false, error: LEASE_LOST });
  }
  for (const { claimed, result } of results) {
    if (result.ok) continue;
    const client = await pool.connect();
    try {
      outcomes.set(claimed, await inTransaction(client, (c) => finishFailed(c, claimed, result.failure, deps, opts.requeueJob ?? false)));
    } finally {
      client.release();
    }
  }
  return results.map((r) => outcomes.get(r.claimed)!);
}

async function finishFailed(
  client: pg.PoolClient,
  { entry, driver }: Claimed,
  f: PlatformFailureWithFacts,
  deps: PlatformDeps,
  requeueJob: boolean,
): Promise<SendOutcome | Rollback<SendOutcome>> {
  const current = await lockSendAttempt(client, entry.id);
  if (current?.status !== 'sending' || current.attempts !== entry.attempts) return rollback({ status: 'failed', retryable: false, error: LEASE_LOST });
  if (f.kind === 'throttled' || f.kind === 'temporary') {
    if (entry.attempts >= deps.sendRetry.maxAttempts) {
      return failSend(client, entry, `Not sent: gave up after ${entry.attempts} attempts — ${f.message}`, 'rate_limited');
    }
    const backoff = Math.min(MAX_BACKOFF_MS, deps.sendRetry.baseMs * 2 ** Math.max(0, entry.attempts - 1));
    const waitMs = Math.max(backoff, f.kind === 'throttled' ? (f.retryAfterMs ?? 0) : 0);
    const why = `${f.kind === 'throttled' ? `Throttled by ${driver.name}` : `${driver.name} was temporarily unavailable`}; retrying: ${f.message}`;
    const retryAt = await requeueSend(client, entry.id, why, waitMs);
    if (requeueJob) await requeueSendJob(client, entry.id, retryAt);
    await notifySendSettled(client, entry);
    return { status: 'rescheduled', retryAt, error: f.message };
  }
  if (f.kind === 'token') {
    const reason = `${driver.tokenRejected} while sending a ${kindLabel[entry.kind]}`;
    await markSendAccountNeedsReconnect(client, entry, reason);
    return failSend(client, entry, `Not sent: ${reason} — ${f.message}`, 'account_disconnected');
  }
  const messages: Record<Exclude<PlatformFailureWithFacts['kind'], 'throttled' | 'temporary' | 'token'>, string> = {
    window: `Not sent: ${driver.name} says the messaging window is closed — ${f.message}`,
    unreachable: `Not sent: this person isn't available right now (blocked, deactivated or unreachable) — ${f.message}`,
    uncertain: `Delivery uncertain (${f.message}); not resent to avoid a duplicate`,
    rejected: `${driver.name} refused the ${kindLabel[entry.kind]}: ${f.message}`,
  };
  // A call that timed out may still be processed by the platform: its check waits a little.
  return failSend(client, entry, messages[f.kind], failureReason({ provider: entry.provider, ...f }), tuning.sends.verifyAfterTimeoutMs);
}

async function failSend(client: pg.PoolClient, entry: SendEntry, error: string, reason: FailureReason, verifyAfterMs = 0): Promise<SendOutcome> {
  await markSendFailed(client, entry, error, reason);
  // F23: a send that may have been delivered is checked with the platform before anyone retries it; queued in this commit.
  if (reason === 'uncertain') await queueDeliveryCheck(client, entry.id, verifyAfterMs);
  return { status: 'failed', retryable: false, error };
}

/**
 * `outbound:sweep`: rows `sending` past their lease (their process died mid-call, or they predate
 * leases), each settled under its row lock (settleUncertain). Returns how many were settled.
 */
export async function failExpiredSends(pool: pg.Pool, limit: number = tuning.sends.expiredSweepBatch): Promise<number> {
  let settled = 0;
  for (const id of await expiredSends(pool, limit)) {
    const client = await pool.connect();
    try {
      const done = await inTransaction(client, async (c) => {
        const entry = await lockSendEntry(c, id);
        if (!entry || entry.status !== 'sending' || entry.lease_live) return rollback(false);
        await settleUncertain(c, entry);
        return true;
      });
      if (done) settled++;
    } finally {
      client.release();
    }
  }
  return settled;
}
