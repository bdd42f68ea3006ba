import type pg from 'pg';
import type { InboxEvent } from '../../contracts/inbox';
import type { FailureReason } from '../../contracts/failed-sends';
import { eventCtes } from '../event-webhooks/emit-events';
import { notifyFailedSendsThreshold } from '../failed-sends/failed-sends-threshold';
import { notifyAfterCommit, notifyWorkspaceMany, workspaceNotice } from '../notify';
import { recordActivity } from '../record-activity';
import { usageCtes, usageThresholdParams } from '../usage/record-usage';
import { accountLabel, kindLabel, type SendEntry } from './send-entry';

/**
 * The finish half of the at-most-once send (ADR 0006, 0021; the protocol is
 * activities/sends/at-most-once.ts): the outcome written only while the row is still its claim's
 * `sending` (same attempts). Past its lease a sweep may have failed it as uncertain, and that stays.
 */

/** A claimed row's call that delivered, with the platform's id for the message. */
export interface Delivered {
  entry: SendEntry;
  platformId: string;
}

/**
 * `message.sent` for each row turned sent (a CTE `sent` of the ledger rows), in the same statement (no statement of its own on the
 * send path; with no subscription it is one index probe). The message's conversation is read from
 * the statement's snapshot (the row exists before the send).
 */
export const sentEvents = eventCtes(`select s.workspace_id, 'message.sent'::text as type,
       jsonb_build_object('messageId', s.message_id, 'conversationId', m.conversation_id, 'sendId', s.id, 'accountId', s.account_id,
                          'kind', s.kind, 'to', s.target, 'text', s.text, 'platformMessageId', s.platform_id, 'sentAt', now()) as data,
       row_number() over () as n
     from sent s left join messages m on m.id = s.message_id`);

/**
 * Deliveries of ONE workspace marked sent in one statement (group commit, ADR 0021): each ledger
 * row and its message marked, an echo of this very send stored first (as a message of its own)
 * removed — ours is kept —, and the workspace's automated sends metered once with their count
 * (meterAutomatedSend's rule, in the same commit: a row turns sent once, so it counts once), and a
 * `message.sent` event webhook per row for the workspace's subscriptions (eventCtes). The /ws
 * notices go after the commit (ADR 0029). Returns the ids written; a row no longer its claim's
 * `sending` is not.
 */
export async function markSendsDelivered(pool: pg.Pool, workspaceId: string, items: Delivered[]): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  const { rows } = await pool.query<{ id: string }>({
    name: 'send-delivered',
    // The echo's delete runs to completion before our message takes its platform id (the unique
    // (account, platform id) index): `msg` reads `echo` in its condition.
    text: `with input as (
       select * from unnest($1::uuid[], $2::text[], $3::int[], $4::boolean[]) as t(id, platform_id, attempts, metered)
     ), sent as (
       update outbound_ledger l set status = 'sent', sent_at = now(), error = null, platform_message_id = i.platform_id
       from input i
       where l.id = i.id and l.status = 'sending' and l.attempts = i.attempts
       returning l.id, l.workspace_id, l.account_id, l.message_id, l.kind, l.target, l.text, i.platform_id, i.metered
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
     })},
     ${sentEvents.ctes}
     select id, ${sentEvents.woke} as woke from sent`,
    values: [
      items.map((i) => i.entry.id),
      items.map((i) => i.platformId),
      items.map((i) => i.entry.attempts),
      items.map((i) => isMeteredSend(i.entry)),
      workspaceId,
      ...usageThresholdParams(),
    ],
  });
  const written = new Set(rows.map((r) => r.id));
  // Best effort: a browser refetches on reconnect.
  await notifyAfterCommit(
    pool,
    items.filter((i) => written.has(i.entry.id)).flatMap((i) => settledNotices(i.entry).map((event) => workspaceNotice(i.entry.workspace_id, event))),
  ).catch(() => undefined);
  return written;
}

/** meterAutomatedSend's rule: automated DMs and private replies count; a person's inbox reply and public replies do not. */
function isMeteredSend(entry: SendEntry): boolean {
  return (
    (entry.kind === 'dm' || entry.kind === 'private_reply') &&
    (entry.rule_id !== null || ['comment_rule', 'flow', 'broadcast', 'sequence'].includes(entry.message_source ?? ''))
  );
}

/** The row's status and attempts under its row lock, in the caller's transaction: is it still this claim's `sending`? */
export async function lockSendAttempt(client: Pick<pg.PoolClient, 'query'>, ledgerId: string): Promise<{ status: string; attempts: number } | undefined> {
  const { rows } = await client.query<{ status: string; attempts: number }>('select status, attempts from outbound_ledger where id = $1 for update', [
    ledgerId,
  ]);
  return rows[0];
}

/** The row back to `queued` with its error, due again in `waitMs` (a throttled or temporary failure); returns when. */
export async function requeueSend(client: Pick<pg.PoolClient, 'query'>, ledgerId: string, error: string, waitMs: number): Promise<Date> {
  const { rows } = await client.query<{ retry_at: Date }>(
    `update outbound_ledger set status = 'queued', error = $2, scheduled_for = clock_timestamp() + make_interval(secs => $3 / 1000.0)
     where id = $1 returning scheduled_for as retry_at`,
    [ledgerId, error, waitMs],
  );
  return rows[0]!.retry_at;
}

/** The account the platform refused the token of: `needs_reconnect`, its sends stop (ADR 0006), and the activity feed says why. */
export async function markSendAccountNeedsReconnect(client: Pick<pg.PoolClient, 'query'>, entry: SendEntry, reason: string): Promise<void> {
  await client.query(`update social_accounts set status = 'needs_reconnect', status_reason = $2 where id = $1`, [entry.account_id, reason]);
  await recordActivity(
    client,
    entry.workspace_id,
    'account_needs_reconnect',
    `${accountLabel(entry)} needs reconnecting: ${reason}. Its automations are paused until you reconnect it.`,
    'general',
  );
}

/** Marks the ledger row and its message failed and records why, in the open transaction (its caller commits). */
export async function markSendFailed(client: Pick<pg.PoolClient, 'query'>, entry: SendEntry, error: string, reason: FailureReason): Promise<void> {
  await client.query(`update outbound_ledger set status = 'failed', error = $2, failure_reason = $3 where id = $1`, [entry.id, error, reason]);
  if (entry.message_id) await client.query(`update messages set status = 'failed', error = $2 where id = $1`, [entry.message_id, error]);
  await recordActivity(client, entry.workspace_id, 'send_failed', `${accountLabel(entry)}: ${kindLabel[entry.kind]} not delivered. ${error}`, 'general');
  await notifyFailedSendsThreshold(client, entry.workspace_id, entry.account_id, accountLabel(entry));
  await notifySendSettled(client, entry);
}

/** The browsers' notices of a send's new state (its message, the account's outbox), sent with the caller's commit. */
export async function notifySendSettled(client: Pick<pg.PoolClient, 'query'>, entry: SendEntry): Promise<void> {
  await notifyWorkspaceMany(client, entry.workspace_id, settledNotices(entry));
}

function settledNotices(entry: SendEntry): InboxEvent[] {
  const events: InboxEvent[] = [];
  if (entry.message_id && entry.conversation_id) {
    events.push({ type: 'message.updated', conversationId: entry.conversation_id, messageId: entry.message_id });
  }
  events.push({ type: 'outbox.delivered', accountId: entry.account_id });
  return events;
}
