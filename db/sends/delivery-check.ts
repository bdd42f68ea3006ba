import type pg from 'pg';
import { z } from 'zod';
import { jobSpecRow } from '../jobs/job-spec';
import { withTransaction } from '../transaction';
import { meterAutomatedSend } from '../usage/meter-automated-send';
import { emitEvents } from '../event-webhooks/emit-events';
import { notifySendSettled } from './finish-sends';
import type { SendEntry } from './send-entry';

/**
 * The check of an uncertain send with the platform (F23; the protocol is
 * activities/sends/verify-delivery.ts): queued with the failure, answered once.
 */

/** What the platform said about an uncertain send. */
export type DeliveryVerdict = { kind: 'found'; platformId: string } | { kind: 'not_found'; note: string } | { kind: 'cannot_confirm'; note: string };

/**
 * Marks the row's check pending and queues its `outbound.verify` job, in the caller's transaction
 * (the one that fails the row as uncertain): a crash after the commit loses no check.
 */
export async function queueDeliveryCheck(client: Pick<pg.PoolClient, 'query'>, ledgerId: string, delayMs: number): Promise<void> {
  await client.query(
    `with mark as (update outbound_ledger set delivery_check = 'pending', delivery_check_note = null where id = $1::uuid returning id)
     select graphile_worker.add_jobs(array[${jobSpecRow('outbound.verify', {
       payload: `json_build_object('ledgerId', $1::text)`,
       runAt: 'clock_timestamp() + make_interval(secs => $2 / 1000.0)',
       keyOf: '$1::text',
     })}]) from mark`,
    [ledgerId, delayMs],
  );
}

const checkRow = z.object({
  status: z.string(),
  delivery_check: z.string().nullable(),
  created_at: z.date(),
  commenter: z.string().nullable(),
});
export type DeliveryCheckRow = z.infer<typeof checkRow>;

/** The row's state and the facts a check reads: when it was made, and the commenter of a reply's comment. */
export async function readDeliveryCheck(db: Pick<pg.Pool, 'query'>, ledgerId: string): Promise<DeliveryCheckRow | undefined> {
  const { rows } = await db.query(
    `select l.status, l.delivery_check, l.created_at,
            (select cm.author_external_id from comments cm where cm.account_id = l.account_id and cm.platform_comment_id = l.target limit 1) as commenter
     from outbound_ledger l where l.id = $1`,
    [ledgerId],
  );
  return rows[0] ? checkRow.parse(rows[0]) : undefined;
}

/**
 * The ids among `platformIds` that are already another send's or a stored message's of the account:
 * such a message is not this row's, even with the same text (a rule answering one person twice).
 */
export async function claimedPlatformIds(db: Pick<pg.Pool, 'query'>, entry: Pick<SendEntry, 'id' | 'account_id' | 'message_id'>, platformIds: string[]) {
  if (platformIds.length === 0) return new Set<string>();
  const { rows } = await db.query<{ id: string }>(
    `select platform_message_id as id from outbound_ledger where account_id = $1 and id <> $2 and platform_message_id = any($4::text[])
     union select platform_message_id from messages where account_id = $1 and id is distinct from $3::uuid and platform_message_id = any($4::text[])`,
    [entry.account_id, entry.id, entry.message_id, platformIds],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Writes a check's answer, once: only while the row is still failed with its check pending (a second
 * run of the job, or a person's dismissal or retry meanwhile, leaves it). `found`: the row and its
 * message are `sent` with the platform's id, counted as a delivery like any other (a stored echo of
 * it removed, as markSendsDelivered does). Returns whether it wrote.
 */
export async function settleDeliveryCheck(pool: pg.Pool, entry: SendEntry, verdict: DeliveryVerdict): Promise<boolean> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query(
      `select 1 from outbound_ledger where id = $1 and status = 'failed' and delivery_check = 'pending'
         and not exists (select 1 from outbound_ledger r where r.retry_of = $1) for update`,
      [entry.id],
    );
    if (rows.length === 0) return false;
    if (verdict.kind === 'found') {
      await client.query(
        `update outbound_ledger set status = 'sent', sent_at = now(), error = null, failure_reason = null, platform_message_id = $2,
           delivery_check = 'found', delivery_check_note = 'Found on the platform after a crash or timeout'
         where id = $1`,
        [entry.id, verdict.platformId],
      );
      if (entry.message_id) {
        await client.query('delete from messages where account_id = $1 and platform_message_id = $2 and id <> $3', [
          entry.account_id,
          verdict.platformId,
          entry.message_id,
        ]);
        await client.query(`update messages set status = 'sent', error = null, platform_message_id = $2 where id = $1`, [entry.message_id, verdict.platformId]);
      }
      await meterAutomatedSend(client, entry.id);
      await emitEvents(client, [
        {
          workspaceId: entry.workspace_id,
          type: 'message.sent',
          data: {
            messageId: entry.message_id,
            conversationId: entry.conversation_id,
            sendId: entry.id,
            accountId: entry.account_id,
            kind: entry.kind,
            to: entry.target,
            text: entry.text,
            platformMessageId: verdict.platformId,
            sentAt: new Date().toISOString(),
          },
        },
      ]);
    } else {
      await client.query('update outbound_ledger set delivery_check = $2, delivery_check_note = $3 where id = $1', [entry.id, verdict.kind, verdict.note]);
    }
    await notifySendSettled(client, entry);
    return true;
  });
}
