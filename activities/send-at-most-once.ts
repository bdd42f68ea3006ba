import type pg from 'pg';
import { usageCtes, usageThresholdParams } from '../db/usage/record-usage';
import { z } from 'zod';
import { EVENTS_CHANNEL, notifyAfterCommit, notifyWorkspaceMany, workspaceNotice } from '../db/pipeline/notify';
import type { InboxEvent } from '../contracts/inbox';
import { outboundLedgerRow } from '../db/pipeline/outbound-ledger-row';
import { recordActivity } from '../db/pipeline/record-activity';
import { requeueSendJob } from '../db/pipeline/requeue-send-job';
import { notifyFailedSendsThreshold } from '../db/failed-sends/failed-sends-threshold';
import { inTransaction, rollback, type Rollback } from '../db/transaction';
import { failureReason, type FailureReason } from '../integrations/failure-reason';
import type { PlatformFailureWithFacts } from '../integrations/platform-failure';
import type { PlatformDeps } from './platform-deps';
import type { SendOutcome } from './send-outcome';

const num = z
  .union([z.string(), z.number()])
  .nullable()
  .transform((v) => (v === null ? null : Number(v)));
const entrySchema = outboundLedgerRow
  .pick({
    id: true,
    workspace_id: true,
    account_id: true,
    kind: true,
    target: true,
    text: true,
    message_id: true,
    rule_id: true,
    status: true,
    attempts: true,
    scheduled_for: true,
  })
  .extend({
    not_yet: z.boolean(),
    /** A `sending` row whose lease has not run out: its call is in flight in some process (ADR 0021). */
    lease_live: z.boolean().nullable(),
    send_lease_until: z.date().nullable(),
    provider: z.enum(['meta', 'x', 'sandbox']),
    platform: z.enum(['instagram', 'facebook', 'twitter']),
    external_id: z.string(),
    username: z.string(),
    account_status: z.enum(['active', 'needs_reconnect']),
    is_active: z.boolean(),
    access_token_enc: z.string().nullable(),
    refresh_token_enc: z.string().nullable(),
    token_expires_at: z.date().nullable(),
    linked_external_id: z.string().nullable(),
    profile: z.unknown(),
    conversation_id: z.string().nullable(),
    message_source: z.string().nullable(),
    inbound_age_ms: num,
    comment_age_ms: num,
  });
/** One ledger row with its account, message and the facts the messaging windows need. */
export type SendEntry = z.infer<typeof entrySchema>;

export type CallResult = { ok: true; platformId: string } | { ok: false; failure: PlatformFailureWithFacts };

/** What differs per platform; everything else (locking, states, retries, failures) is shared. */
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

export const UNCERTAIN_AFTER_CRASH = 'Delivery uncertain after a worker crash; not resent to avoid a duplicate';
const MAX_BACKOFF_MS = 3_600_000;
const kindLabel = { dm: 'DM', private_reply: 'private reply', public_reply: 'public reply' } as const;
export function accountLabel(e: Pick<SendEntry, 'platform' | 'username'>): string {
  const name = e.platform === 'facebook' ? 'Facebook Page' : e.platform === 'twitter' ? 'X' : 'Instagram';
  return `${name} @${e.username}`;
}

/** The ledger row with everything a send needs; `$1` the ledger id. Shared by the fast and the locked read. */
const ENTRY_COLUMNS = `l.id, l.workspace_id, l.account_id, l.kind, l.target, l.text, l.message_id, l.rule_id, l.status, l.attempts,
            l.scheduled_for, l.scheduled_for > clock_timestamp() as not_yet,
            l.send_lease_until, l.send_lease_until > clock_timestamp() as lease_live,
            a.provider, a.platform, a.external_id, a.username, a.status as account_status, a.is_active,
            a.access_token_enc, a.refresh_token_enc, a.token_expires_at, a.linked_external_id, a.profile,
            m.conversation_id, m.source as message_source,
            extract(epoch from now() - (select c.last_inbound_at from contacts c where c.account_id = l.account_id and c.external_user_id = l.target)) * 1000 as inbound_age_ms,
            extract(epoch from now() - (select cm.commented_at from comments cm where cm.account_id = l.account_id and cm.platform_comment_id = l.target)) * 1000 as comment_age_ms`;
/** The ledger row joined with its account and message, for ENTRY_COLUMNS. */
const ENTRY_FROM = `outbound_ledger l join social_accounts a on a.id = l.account_id left join messages m on m.id = l.message_id`;

/**
 * One platform send, at most once (ADR 0006, ADR 0021). No lock is held across the call:
 * 1. claim: the row read and `sending` set by a compare-and-set (or the locked transaction when
 *    anything is off), committed with this process as its owner and a lease (claimSend);
 * 2. the platform call, with no connection and no transaction held (callClaimed);
 * 3. one statement: `sent` / `failed` / back to `queued` with a later ETA (finishClaimed), written
 *    only while the row is still this attempt's `sending`.
 * A row found `sending` with a live lease is in flight elsewhere: the caller is told to come back
 * when the lease runs out. One found `sending` past its lease (or without one) belongs to an
 * attempt that died mid-call: it may have been delivered, so it is failed, never resent.
 *
 * Round trips (a comment's private reply is CPU-bound on them, ADR 0017): the row is read in one
 * statement without a row lock; `sending` is then a compare-and-set on the status and attempts that
 * were read (its own commit). Anything else — the row changed in between, a check fails, a row found
 * `sending` — goes through the locked transaction, which reads the row again under its row lock.
 */
export async function sendAtMostOnce<Plan>(pool: pg.Pool, ledgerId: string, deps: PlatformDeps, driver: SendDriver<Plan>): Promise<SendOutcome> {
  return sendByProvider(pool, ledgerId, deps, () => driver);
}

/** Picks the driver of a row's provider; undefined hands the row to `other` (the sandbox). */
export type DriverPick = (provider: SendEntry['provider']) => SendDriver<unknown> | undefined;

/** sendAtMostOnce with the driver chosen by the row's provider, or `other` for the sandbox: claim, call, finish in one await. */
export async function sendByProvider(
  pool: pg.Pool,
  ledgerId: string,
  deps: PlatformDeps,
  pick: DriverPick,
  other?: (client: pg.PoolClient) => Promise<SendOutcome>,
): Promise<SendOutcome> {
  const claim = await claimSend(pool, ledgerId, deps, pick, other);
  if ('outcome' in claim) return claim.outcome;
  return finishClaimed(pool, claim, await callClaimed(pool, claim, deps), deps);
}

/** A row this process has claimed (`sending`, committed): its call may leave. */
export interface Claimed {
  entry: SendEntry;
  token: string;
  plan: unknown;
  driver: SendDriver<unknown>;
}

/** How long a claim holds a row `sending` before it counts as dead: well past the call's hard timeout (a driver may make two calls). */
export function sendLeaseMs(deps: Pick<PlatformDeps, 'meta' | 'sendLeaseMs'>): number {
  return deps.sendLeaseMs ?? 3 * deps.meta.timeoutMs + 30_000;
}

/**
 * Step 1: claims the row (committed `sending`, this process's owner id and lease) on a pooled
 * connection released before returning, or says why there is nothing to call.
 */
export async function claimSend(
  pool: pg.Pool,
  ledgerId: string,
  deps: PlatformDeps,
  pick: DriverPick,
  other?: (client: pg.PoolClient) => Promise<SendOutcome>,
): Promise<{ outcome: SendOutcome } | Claimed> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query({
      name: 'send-read',
      text: `select ${ENTRY_COLUMNS}
       from ${ENTRY_FROM}
       where l.id = $1`,
      values: [ledgerId],
    });
    const row = rows[0] as { provider: SendEntry['provider'] } | undefined;
    if (!row) return { outcome: { status: 'missing' } };
    const driver = pick(row.provider);
    if (!driver)
      return { outcome: other ? await other(client) : { status: 'failed', retryable: false, error: `Sending through ${row.provider} is not available` } };
    const prepared = (await fastPrepare(client, entrySchema.parse(row), deps, driver)) ?? (await prepare(client, ledgerId, deps, driver));
    if ('outcome' in prepared) return prepared;
    return { ...prepared, driver };
  } finally {
    client.release();
  }
}

/** Step 2: the platform call, holding no connection (a driver may borrow one briefly, e.g. to store a refreshed X token). */
export function callClaimed(pool: pg.Pool, claimed: Claimed, deps: PlatformDeps): Promise<CallResult> {
  return claimed.driver.deliver(claimed.entry, claimed.token, claimed.plan, deps, pool);
}

/**
 * Step 3: the outcome, committed on a pooled connection — only while the row is still this claim's
 * `sending` (same attempts): past its lease a sweep may have failed it as uncertain, and that stays.
 * `requeueJob`: a throttled row also gets its `outbound.send` job back for its retry time, in the same
 * commit (the send pump's job has already finished).
 */
export async function finishClaimed(
  pool: pg.Pool,
  claimed: Claimed,
  result: CallResult,
  deps: PlatformDeps,
  opts: { requeueJob?: boolean } = {},
): Promise<SendOutcome> {
  const client = await pool.connect();
  try {
    return await finish(client, claimed.entry, result, deps, claimed.driver, opts.requeueJob ?? false);
  } finally {
    client.release();
  }
}

/** What a finish reports when the row was no longer its claim's (failed as uncertain by a sweep after the lease ran out). */
export const LEASE_LOST = 'The send finished after its lease ran out; the row had already been marked uncertain';

/**
 * Fails `sending` rows whose lease has run out (their process died mid-call, or they predate leases):
 * each may have been delivered, so each is failed as uncertain, never resent. Returns how many.
 */
export async function failExpiredSends(pool: pg.Pool, limit = 500): Promise<number> {
  const { rows } = await pool.query<{ id: string }>(
    `select id from outbound_ledger
     where status = 'sending' and (send_lease_until is null or send_lease_until < clock_timestamp())
     limit $1`,
    [limit],
  );
  let failed = 0;
  for (const { id } of rows) {
    const client = await pool.connect();
    try {
      const done = await inTransaction(client, async (c) => {
        const found = await c.query(`select ${ENTRY_COLUMNS} from ${ENTRY_FROM} where l.id = $1 for update of l`, [id]);
        const entry = found.rows[0] ? entrySchema.parse(found.rows[0]) : undefined;
        if (!entry || entry.status !== 'sending' || entry.lease_live) return rollback(false);
        await markFailed(c, entry, UNCERTAIN_AFTER_CRASH, 'uncertain');
        return true;
      });
      if (done) failed++;
    } finally {
      client.release();
    }
  }
  return failed;
}

type Prepared<Plan> = { outcome: SendOutcome } | { entry: SendEntry; token: string; plan: Plan };

/**
 * The common case in two statements: the row read with the lock is queued and due, and passes every
 * check; `sending` is set only if the row is still as read (status and attempts), in its own commit.
 * The row may have been read a moment before the lock was granted, so only an answer that such a
 * read cannot make wrong is given here: a row already `sent`/`failed` stays so, and a row not yet
 * due is merely asked again at its time. Anything else returns undefined: the locked path decides.
 */
async function fastPrepare<Plan>(client: pg.PoolClient, entry: SendEntry, deps: PlatformDeps, driver: SendDriver<Plan>): Promise<Prepared<Plan> | undefined> {
  const checked = fastCheck(entry, deps, driver);
  if (checked === undefined || 'outcome' in checked) return checked;
  // Committed before the call leaves: from here on a crash means "maybe delivered".
  const { rowCount } = await client.query({
    name: 'send-claim',
    text: `update outbound_ledger set status = 'sending', attempts = attempts + 1, send_owner = $3,
             send_lease_until = clock_timestamp() + make_interval(secs => $4 / 1000.0)
           where id = $1 and status = 'queued' and attempts = $2`,
    values: [entry.id, entry.attempts, deps.sendOwner ?? null, sendLeaseMs(deps)],
  });
  if (rowCount !== 1) return undefined;
  return { entry: { ...entry, attempts: entry.attempts + 1 }, token: checked.token, plan: checked.plan };
}

/**
 * fastPrepare's checks without its write, on a row read without a lock: an answer such a read
 * cannot make wrong (already sent or failed, not yet due), the token and plan of a row that may be
 * claimed, or undefined when the locked path must decide.
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
  return { token, plan: checked.plan };
}

/** What a batch claim did with each row it was given (claimSendBatch). */
export interface BatchClaim {
  /** Claimed by this call (`sending`, this owner, a lease; committed): their calls may leave. */
  claimed: Claimed[];
  /** Queued but not due yet (paced): to be tried again at their `scheduled_for`. */
  notYet: { ledgerId: string; at: Date }[];
  /** Anything unusual (a check fails, the sandbox, a row changed or locked meanwhile, a row found `sending`): claimSend decides, one by one. */
  single: string[];
  /** Already sent or failed, or gone: nothing to do. */
  done: string[];
}

/**
 * Step 1 for many rows in two statements (the send pump's batches, ADR 0022): the rows read without
 * a lock, the common ones checked exactly as fastPrepare checks them, then `sending` set on all of
 * them in ONE compare-and-set statement (each row only if still queued, due and with the attempts
 * read; rows another transaction holds are skipped, never waited for), committed with this owner
 * and a lease. Everything else is returned for the one-row path, which reads again under a row lock.
 */
export async function claimSendBatch(pool: pg.Pool, ledgerIds: string[], deps: PlatformDeps, pick: DriverPick): Promise<BatchClaim> {
  const result: BatchClaim = { claimed: [], notYet: [], single: [], done: [] };
  if (ledgerIds.length === 0) return result;
  const { rows } = await pool.query({
    name: 'send-read-batch',
    text: `select ${ENTRY_COLUMNS}
     from ${ENTRY_FROM}
     where l.id = any($1::uuid[])`,
    values: [ledgerIds],
  });
  const found = new Set<string>();
  const candidates: Claimed[] = [];
  for (const row of rows as { id: string; provider: SendEntry['provider'] }[]) {
    found.add(row.id);
    const driver = pick(row.provider);
    if (!driver) {
      result.single.push(row.id);
      continue;
    }
    const entry = entrySchema.parse(row);
    const checked = fastCheck(entry, deps, driver);
    if (checked === undefined) result.single.push(entry.id);
    else if (!('outcome' in checked)) candidates.push({ entry, token: checked.token, plan: checked.plan, driver });
    else if (checked.outcome.status === 'rescheduled') result.notYet.push({ ledgerId: entry.id, at: checked.outcome.retryAt });
    else result.done.push(entry.id);
  }
  for (const id of ledgerIds) if (!found.has(id)) result.done.push(id);
  if (candidates.length === 0) return result;
  // Committed before the calls leave: from here on a crash means "maybe delivered".
  const won = await pool.query<{ id: string }>({
    name: 'send-claim-batch',
    text: `update outbound_ledger l set status = 'sending', attempts = l.attempts + 1, send_owner = $3,
             send_lease_until = clock_timestamp() + make_interval(secs => $4 / 1000.0)
           from (select o.id, t.attempts from unnest($1::uuid[], $2::int[]) as t(id, attempts)
                 join outbound_ledger o on o.id = t.id
                 where o.status = 'queued' and o.attempts = t.attempts and o.scheduled_for <= clock_timestamp()
                 order by o.id
                 for update of o skip locked) c
           where l.id = c.id and l.status = 'queued' and l.attempts = c.attempts
           returning l.id`,
    values: [candidates.map((c) => c.entry.id), candidates.map((c) => c.entry.attempts), deps.sendOwner ?? null, sendLeaseMs(deps)],
  });
  const mine = new Set(won.rows.map((r) => r.id));
  for (const c of candidates) {
    if (mine.has(c.entry.id)) result.claimed.push({ ...c, entry: { ...c.entry, attempts: c.entry.attempts + 1 } });
    else result.single.push(c.entry.id);
  }
  return result;
}

/** Transaction 1: lock the row, check it, and commit `sending` — or roll back when there is nothing to send yet. */
function prepare<Plan>(client: pg.PoolClient, ledgerId: string, deps: PlatformDeps, driver: SendDriver<Plan>): Promise<Prepared<Plan>> {
  return inTransaction(client, (c) => prepareIn(c, ledgerId, deps, driver));
}

async function prepareIn<Plan>(
  client: pg.PoolClient,
  ledgerId: string,
  deps: PlatformDeps,
  driver: SendDriver<Plan>,
): Promise<Prepared<Plan> | Rollback<Prepared<Plan>>> {
  const { rows } = await client.query(
    `select ${ENTRY_COLUMNS}
     from ${ENTRY_FROM}
     where l.id = $1
     for update of l`,
    [ledgerId],
  );
  if (rows.length === 0) return rollback({ outcome: { status: 'missing' } });
  const entry = entrySchema.parse(rows[0]);
  if (entry.status === 'sent' || entry.status === 'failed') return rollback({ outcome: { status: 'already-sent' } });
  if (entry.status === 'queued' && entry.not_yet) {
    // Paced or backing off: its time has not come (a job or the flow runtime calls again then).
    return rollback({ outcome: { status: 'rescheduled', retryAt: entry.scheduled_for, error: 'Waiting for its send slot' } });
  }
  const fail = async (error: string, reason: FailureReason = 'account_disconnected') => ({ outcome: await markFailed(client, entry, error, reason) });
  const label = accountLabel(entry);
  if (entry.status === 'sending' && entry.lease_live && entry.send_lease_until) {
    // In flight in another process (or this one): its owner writes the outcome; ask again after the lease.
    return rollback({ outcome: { status: 'rescheduled', retryAt: entry.send_lease_until, error: 'Being sent by another worker' } });
  }
  if (entry.status === 'sending') return fail(UNCERTAIN_AFTER_CRASH, 'uncertain');
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

  // Committed before the call leaves: from here on a crash means "maybe delivered".
  await client.query(
    `update outbound_ledger set status = 'sending', attempts = attempts + 1, send_owner = $2,
       send_lease_until = clock_timestamp() + make_interval(secs => $3 / 1000.0)
     where id = $1`,
    [entry.id, deps.sendOwner ?? null, sendLeaseMs(deps)],
  );
  return { entry: { ...entry, attempts: entry.attempts + 1 }, token, plan: checked.plan };
}

/**
 * After the call: the outcome, committed. A delivery is one statement (its own commit): the ledger
 * row and the message marked sent, an echo of this very send that may have been stored first (as a
 * message of its own) removed — ours is kept —, the automated send counted (meterAutomatedSend's
 * rule, in the same commit: a row turns sent once, so it counts once) and the /ws notices.
 */
async function finish<Plan>(
  client: pg.PoolClient,
  entry: SendEntry,
  result: CallResult,
  deps: PlatformDeps,
  driver: SendDriver<Plan>,
  requeueJob: boolean,
): Promise<SendOutcome> {
  if (!result.ok) return inTransaction(client, (c) => finishFailed(c, entry, result.failure, deps, driver, requeueJob));
  const { rows } = await client.query<{ mine: boolean }>({
    name: 'send-delivered',
    // The echo's delete runs to completion before our message takes its platform id (the unique
    // (account, platform id) index): `msg` reads `echo` in its condition. Deleted by this statement,
    // the echo no longer counts for the index.
    // Everything is conditional on `sent`: the row still this claim's `sending` (status, attempts).
    text: `with sent as (
       update outbound_ledger set status = 'sent', sent_at = now(), error = null, platform_message_id = $2
       where id = $1 and status = 'sending' and attempts = $11 returning id
     ), echo as (
       delete from messages where $4::uuid is not null and exists (select 1 from sent) and account_id = $3 and platform_message_id = $2 and id <> $4 returning id
     ), msg as (
       update messages set status = 'sent', error = null, platform_message_id = $2 where id = $4 and exists (select 1 from sent) and (select count(*) from echo) >= 0
     ), ${usageCtes({ workspaceId: '$5', n: '1', enabled: '($6::boolean and exists (select 1 from sent))', percents: '$7', titles: '$8' })},
     notices as (
       select pg_notify($9, p) from unnest($10::text[]) with ordinality as t(p, n) where exists (select 1 from sent) order by n
     )
     select exists (select 1 from sent) as mine, (select count(*) from notices) as notified`,
    values: [
      entry.id,
      result.platformId,
      entry.account_id,
      entry.message_id,
      entry.workspace_id,
      isMeteredSend(entry),
      ...usageThresholdParams(),
      EVENTS_CHANNEL,
      deliveredNotices(entry).map((event) => JSON.stringify({ workspaceId: entry.workspace_id, event })),
      entry.attempts,
    ],
  });
  return rows[0]?.mine ? { status: 'sent' } : { status: 'failed', retryable: false, error: LEASE_LOST };
}

/**
 * Group commit of deliveries (the send pump, ADR 0021): many finished sends of ONE workspace marked
 * sent in one statement — the same writes as `finish` for each (ledger row and message marked, a
 * stored echo removed, the /ws notices), each only while the row is still its claim's `sending`, and
 * the workspace's automated sends metered once with their count. Under load every delivery of a
 * workspace otherwise queues on its owner's usage row, one commit at a time. Returns the ids written.
 */
export async function finishDeliveredBatch(pool: pg.Pool, workspaceId: string, items: { claimed: Claimed; platformId: string }[]): Promise<Set<string>> {
  const notices = items.flatMap(({ claimed: { entry } }) =>
    deliveredNotices(entry).map((event) => ({ id: entry.id, notice: workspaceNotice(entry.workspace_id, event) })),
  );
  const { rows } = await pool.query<{ id: string }>({
    name: 'send-delivered-batch',
    text: `with input as (
       select * from unnest($1::uuid[], $2::text[], $3::int[], $4::boolean[]) as t(id, platform_id, attempts, metered)
     ), sent as (
       update outbound_ledger l set status = 'sent', sent_at = now(), error = null, platform_message_id = i.platform_id
       from input i
       where l.id = i.id and l.status = 'sending' and l.attempts = i.attempts
       returning l.id, l.account_id, l.message_id, i.platform_id, i.metered
     ), echo as (
       delete from messages m using sent s
       where s.message_id is not null and m.account_id = s.account_id and m.platform_message_id = s.platform_id and m.id <> s.message_id
       returning m.id
     ), msg as (
       update messages m set status = 'sent', error = null, platform_message_id = s.platform_id
       from sent s where m.id = s.message_id and (select count(*) from echo) >= 0
     ), ${usageCtes({
       workspaceId: '$5::uuid',
       n: '(select count(*) from sent where metered)::int',
       enabled: '(select count(*) from sent where metered) > 0',
       percents: '$6',
       titles: '$7',
     })}
     select id from sent`,
    values: [
      items.map((i) => i.claimed.entry.id),
      items.map((i) => i.platformId),
      items.map((i) => i.claimed.entry.attempts),
      items.map((i) => isMeteredSend(i.claimed.entry)),
      workspaceId,
      ...usageThresholdParams(),
    ],
  });
  // The /ws notices after the commit, not in it (ADR 0029): a NOTIFY in this commit would make it
  // wait for every other NOTIFYing commit's WAL flush. Best effort: a browser refetches on reconnect.
  const written = new Set(rows.map((r) => r.id));
  await notifyAfterCommit(
    pool,
    notices.filter((n) => written.has(n.id)).map((n) => n.notice),
  ).catch(() => undefined);
  return written;
}

/** meterAutomatedSend's rule: automated DMs and private replies count; a person's inbox reply and public replies do not. */
function isMeteredSend(entry: SendEntry): boolean {
  return (
    (entry.kind === 'dm' || entry.kind === 'private_reply') &&
    (entry.rule_id !== null || ['comment_rule', 'flow', 'broadcast'].includes(entry.message_source ?? ''))
  );
}

async function finishFailed<Plan>(
  client: pg.PoolClient,
  entry: SendEntry,
  f: PlatformFailureWithFacts,
  deps: PlatformDeps,
  driver: SendDriver<Plan>,
  requeueJob: boolean,
): Promise<SendOutcome | Rollback<SendOutcome>> {
  const { rows: current } = await client.query<{ status: string; attempts: number }>('select status, attempts from outbound_ledger where id = $1 for update', [
    entry.id,
  ]);
  if (current[0]?.status !== 'sending' || current[0].attempts !== entry.attempts) return rollback({ status: 'failed', retryable: false, error: LEASE_LOST });
  if (f.kind === 'throttled' || f.kind === 'temporary') {
    if (entry.attempts >= deps.sendRetry.maxAttempts) {
      return markFailed(client, entry, `Not sent: gave up after ${entry.attempts} attempts — ${f.message}`, 'rate_limited');
    }
    const backoff = Math.min(MAX_BACKOFF_MS, deps.sendRetry.baseMs * 2 ** Math.max(0, entry.attempts - 1));
    const waitMs = Math.max(backoff, f.kind === 'throttled' ? (f.retryAfterMs ?? 0) : 0);
    const { rows } = await client.query<{ retry_at: Date }>(
      `update outbound_ledger set status = 'queued', error = $2, scheduled_for = clock_timestamp() + make_interval(secs => $3 / 1000.0)
       where id = $1 returning scheduled_for as retry_at`,
      [entry.id, `${f.kind === 'throttled' ? `Throttled by ${driver.name}` : `${driver.name} was temporarily unavailable`}; retrying: ${f.message}`, waitMs],
    );
    if (requeueJob) await requeueSendJob(client, entry.id, rows[0]!.retry_at);
    await notifyDelivered(client, entry);
    return { status: 'rescheduled', retryAt: rows[0]!.retry_at, error: f.message };
  }
  if (f.kind === 'token') {
    const reason = `${driver.tokenRejected} while sending a ${kindLabel[entry.kind]}`;
    await client.query(`update social_accounts set status = 'needs_reconnect', status_reason = $2 where id = $1`, [entry.account_id, reason]);
    await recordActivity(
      client,
      entry.workspace_id,
      'account_needs_reconnect',
      `${accountLabel(entry)} needs reconnecting: ${reason}. Its automations are paused until you reconnect it.`,
      'general',
    );
    return markFailed(client, entry, `Not sent: ${reason} — ${f.message}`, 'account_disconnected');
  }
  const messages: Record<Exclude<PlatformFailureWithFacts['kind'], 'throttled' | 'temporary' | 'token'>, string> = {
    window: `Not sent: ${driver.name} says the messaging window is closed — ${f.message}`,
    unreachable: `Not sent: this person isn't available right now (blocked, deactivated or unreachable) — ${f.message}`,
    uncertain: `Delivery uncertain (${f.message}); not resent to avoid a duplicate`,
    rejected: `${driver.name} refused the ${kindLabel[entry.kind]}: ${f.message}`,
  };
  return markFailed(client, entry, messages[f.kind], failureReason({ provider: entry.provider, ...f }));
}

/** Marks the ledger row and its message failed and records why, in the open transaction (its caller commits). */
async function markFailed(client: pg.PoolClient, entry: SendEntry, error: string, reason: FailureReason): Promise<SendOutcome> {
  await client.query(`update outbound_ledger set status = 'failed', error = $2, failure_reason = $3 where id = $1`, [entry.id, error, reason]);
  if (entry.message_id) await client.query(`update messages set status = 'failed', error = $2 where id = $1`, [entry.message_id, error]);
  await recordActivity(client, entry.workspace_id, 'send_failed', `${accountLabel(entry)}: ${kindLabel[entry.kind]} not delivered. ${error}`, 'general');
  await notifyFailedSendsThreshold(client, entry.workspace_id, entry.account_id, accountLabel(entry));
  await notifyDelivered(client, entry);
  return { status: 'failed', retryable: false, error };
}

function deliveredNotices(entry: SendEntry): InboxEvent[] {
  const events: InboxEvent[] = [];
  if (entry.message_id && entry.conversation_id) {
    events.push({ type: 'message.updated', conversationId: entry.conversation_id, messageId: entry.message_id });
  }
  events.push({ type: 'outbox.delivered', accountId: entry.account_id });
  return events;
}

async function notifyDelivered(client: pg.PoolClient, entry: SendEntry) {
  await notifyWorkspaceMany(client, entry.workspace_id, deliveredNotices(entry));
}
