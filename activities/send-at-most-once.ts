import type pg from 'pg';
import { usageCtes, usageThresholdParams } from '../db/usage/record-usage';
import { z } from 'zod';
import { EVENTS_CHANNEL, notifyWorkspaceMany } from '../db/pipeline/notify';
import type { InboxEvent } from '../contracts/inbox';
import { outboundLedgerRow } from '../db/pipeline/outbound-ledger-row';
import { recordActivity } from '../db/pipeline/record-activity';
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
            a.provider, a.platform, a.external_id, a.username, a.status as account_status, a.is_active,
            a.access_token_enc, a.refresh_token_enc, a.token_expires_at, a.linked_external_id, a.profile,
            m.conversation_id, m.source as message_source,
            extract(epoch from now() - (select c.last_inbound_at from contacts c where c.account_id = l.account_id and c.external_user_id = l.target)) * 1000 as inbound_age_ms,
            extract(epoch from now() - (select cm.commented_at from comments cm where cm.account_id = l.account_id and cm.platform_comment_id = l.target)) * 1000 as comment_age_ms`;

/**
 * One platform send, at most once (ADR 0006). A session advisory lock per ledger row serialises every
 * caller (job, flow runtime, inbox) for the whole send and dies with its connection. Then:
 * 1. checks (account, token, driver checks) and `sending`, committed;
 * 2. the platform call, outside any transaction;
 * 3. one statement: `sent` / `failed` / back to `queued` with a later ETA (throttling).
 * A row found `sending` in step 1 belongs to an attempt that died mid-call: it may have been
 * delivered, so it is failed, never resent.
 *
 * Round trips (a comment's private reply is CPU-bound on them, ADR 0017): the lock and the row are
 * read in one statement, without a row lock; `sending` is then a compare-and-set on the status and
 * attempts that were read (its own commit). Anything else — the row changed in between, a check
 * fails, a row found `sending` — goes through the locked transaction as before, which reads the row
 * again under its row lock.
 */
export async function sendAtMostOnce<Plan>(pool: pg.Pool, ledgerId: string, deps: PlatformDeps, driver: SendDriver<Plan>): Promise<SendOutcome> {
  return sendByProvider(pool, ledgerId, deps, () => driver);
}

/** sendAtMostOnce with the driver chosen by the row's provider (read with the lock), or `other` for the sandbox. */
export async function sendByProvider(
  pool: pg.Pool,
  ledgerId: string,
  deps: PlatformDeps,
  pick: (provider: SendEntry['provider']) => SendDriver<unknown> | undefined,
  other?: (client: pg.PoolClient) => Promise<SendOutcome>,
): Promise<SendOutcome> {
  const client = await pool.connect();
  const lockKey = `outbound:${ledgerId}`;
  let broken = false;
  try {
    try {
      const { rows } = await client.query({
        name: 'send-lock-read',
        text: `select ${ENTRY_COLUMNS}
         from (select pg_advisory_lock(hashtextextended($2, 0))) lk
         left join outbound_ledger l on l.id = $1
         left join social_accounts a on a.id = l.account_id
         left join messages m on m.id = l.message_id`,
        values: [ledgerId, lockKey],
      });
      const row = rows[0] as { id: string | null; provider: SendEntry['provider'] } | undefined;
      if (!row || row.id === null) return { status: 'missing' };
      const driver = pick(row.provider);
      if (!driver) return other ? await other(client) : { status: 'failed', retryable: false, error: `Sending through ${row.provider} is not available` };
      const prepared = (await fastPrepare(client, entrySchema.parse(row), deps, driver)) ?? (await prepare(client, ledgerId, deps, driver));
      if ('outcome' in prepared) return prepared.outcome;
      const result = await driver.deliver(prepared.entry, prepared.token, prepared.plan, deps, pool);
      return await finish(client, prepared.entry, result, deps, driver);
    } finally {
      await client.query({ name: 'send-unlock', text: 'select pg_advisory_unlock(hashtextextended($1, 0))', values: [lockKey] }).catch(() => {
        broken = true; // never return a connection that may still hold the lock
      });
    }
  } finally {
    // Each transaction below rolls itself back on a throw (db/transaction.ts) before the lock is let go.
    client.release(broken);
  }
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
  // Committed before the call leaves: from here on a crash means "maybe delivered".
  const { rowCount } = await client.query({
    name: 'send-claim',
    text: `update outbound_ledger set status = 'sending', attempts = attempts + 1 where id = $1 and status = 'queued' and attempts = $2`,
    values: [entry.id, entry.attempts],
  });
  if (rowCount !== 1) return undefined;
  return { entry: { ...entry, attempts: entry.attempts + 1 }, token, plan: checked.plan };
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
     from outbound_ledger l
     join social_accounts a on a.id = l.account_id
     left join messages m on m.id = l.message_id
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
  await client.query(`update outbound_ledger set status = 'sending', attempts = attempts + 1 where id = $1`, [entry.id]);
  return { entry: { ...entry, attempts: entry.attempts + 1 }, token, plan: checked.plan };
}

/**
 * After the call: the outcome, committed. A delivery is one statement (its own commit): the ledger
 * row and the message marked sent, an echo of this very send that may have been stored first (as a
 * message of its own) removed — ours is kept —, the automated send counted (meterAutomatedSend's
 * rule, in the same commit: a row turns sent once, so it counts once) and the /ws notices.
 */
async function finish<Plan>(client: pg.PoolClient, entry: SendEntry, result: CallResult, deps: PlatformDeps, driver: SendDriver<Plan>): Promise<SendOutcome> {
  if (!result.ok) return inTransaction(client, (c) => finishFailed(c, entry, result.failure, deps, driver));
  await client.query({
    name: 'send-delivered',
    // The echo's delete runs to completion before our message takes its platform id (the unique
    // (account, platform id) index): `msg` reads `echo` in its condition. Deleted by this statement,
    // the echo no longer counts for the index.
    text: `with sent as (
       update outbound_ledger set status = 'sent', sent_at = now(), error = null, platform_message_id = $2 where id = $1
     ), echo as (
       delete from messages where $4::uuid is not null and account_id = $3 and platform_message_id = $2 and id <> $4 returning id
     ), msg as (
       update messages set status = 'sent', error = null, platform_message_id = $2 where id = $4 and (select count(*) from echo) >= 0
     ), ${usageCtes({ workspaceId: '$5', n: '1', enabled: '$6::boolean', percents: '$7', titles: '$8' })}
     select pg_notify($9, p) from unnest($10::text[]) with ordinality as t(p, n) order by n`,
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
    ],
  });
  return { status: 'sent' };
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
): Promise<SendOutcome> {
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
