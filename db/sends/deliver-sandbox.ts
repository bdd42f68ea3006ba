import type pg from 'pg';
import { sentEvents } from './finish-sends';
import { z } from 'zod';
import type { SendOutcome } from '../../contracts/send-outcome';
import { notifyWorkspace } from '../notify';
import { inTransaction, rollback } from '../transaction';
import { meterAutomatedSend } from '../usage/meter-automated-send';
import { outboundLedgerRow } from './outbound-ledger-row';

const ledgerRow = outboundLedgerRow
  .pick({ id: true, workspace_id: true, account_id: true, kind: true, target: true, text: true, message_id: true, status: true })
  .extend({ provider: z.enum(['meta', 'x', 'sandbox']), conversation_id: z.string().nullable() });

/**
 * The sandbox "platform" (ARCHITECTURE.md#channels) is a table: delivering a send and marking it
 * sent are one transaction, so a sandbox send happens exactly once. Meta and X rows go through the
 * at-most-once protocol instead (activities/sends/at-most-once.ts).
 */

/** A sandbox row delivered and marked in one transaction on the given connection (exactly once). */
export async function sendInOneTransaction(client: pg.PoolClient, ledgerId: string): Promise<SendOutcome> {
  return inTransaction(client, async (client) => {
    const outcome = await deliverInTransaction(client, ledgerId);
    // Nothing to send: let go of the row lock without writing.
    return outcome.status === 'missing' || outcome.status === 'already-sent' ? rollback(outcome) : outcome;
  });
}

/**
 * A sandbox send inside the caller's transaction: the delivery row and "sent" commit together with
 * whatever else the caller writes (a flow turn records the step in the same commit). Exactly once.
 */
export async function deliverInTransaction(client: pg.PoolClient, ledgerId: string): Promise<SendOutcome> {
  const { rows } = await client.query(
    `select l.id, l.workspace_id, l.account_id, l.kind, l.target, l.text, l.message_id, l.status, a.provider,
            m.conversation_id
     from outbound_ledger l
     join social_accounts a on a.id = l.account_id
     left join messages m on m.id = l.message_id
     where l.id = $1
     for update of l`,
    [ledgerId],
  );
  if (rows.length === 0) return { status: 'missing' };
  const entry = ledgerRow.parse(rows[0]);
  if (entry.status !== 'queued') return { status: 'already-sent' };

  let outcome: SendOutcome;
  if (entry.provider === 'sandbox') {
    // A DM to a contact or a reply to a comment, as the sandbox platform receives it.
    const recipient =
      entry.kind === 'dm'
        ? entry.target
        : ((
            await client.query<{ author_external_id: string }>('select author_external_id from comments where account_id = $1 and platform_comment_id = $2', [
              entry.account_id,
              entry.target,
            ])
          ).rows[0]?.author_external_id ?? 'unknown');
    await client.query(
      `insert into sandbox_deliveries (workspace_id, account_id, kind, recipient_external_id, comment_id, text, ledger_id)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (ledger_id) do nothing`,
      [entry.workspace_id, entry.account_id, entry.kind, recipient, entry.kind === 'dm' ? null : entry.target, entry.text, entry.id],
    );
    outcome = { status: 'sent' };
  } else {
    // A guard, not a feature gap: createSender sends Meta and X rows through activities/sends/at-most-once.ts, and
    // the flow driver calls deliverSandboxFlowSend for sandbox runs only.
    outcome = { status: 'failed', retryable: false, error: `Sending through ${entry.provider} is not available yet` };
  }

  if (outcome.status === 'sent') {
    // Its message.sent event webhook rides in the same statement (finish-sends.ts sentEvents).
    await client.query(
      `with sent as (update outbound_ledger l set status = 'sent', sent_at = now(), attempts = attempts + 1 where id = $1
         returning l.id, l.workspace_id, l.account_id, l.message_id, l.kind, l.target, l.text, null::text as platform_id),
       ${sentEvents.ctes}
       select ${sentEvents.woke} as woke`,
      [entry.id],
    );
    if (entry.message_id) await client.query(`update messages set status = 'sent', error = null where id = $1`, [entry.message_id]);
    // Counted with the mark, in this transaction: a row turns sent once, so it counts once.
    await meterAutomatedSend(client, entry.id);
  } else if (outcome.status === 'failed') {
    await client.query(`update outbound_ledger set status = 'failed', attempts = attempts + 1, error = $2, failure_reason = 'rejected' where id = $1`, [
      entry.id,
      outcome.error,
    ]);
    if (entry.message_id) await client.query(`update messages set status = 'failed', error = $2 where id = $1`, [entry.message_id, outcome.error]);
  }
  if (entry.message_id && entry.conversation_id) {
    await notifyWorkspace(client, entry.workspace_id, { type: 'message.updated', conversationId: entry.conversation_id, messageId: entry.message_id });
  }
  await notifyWorkspace(client, entry.workspace_id, { type: 'outbox.delivered', accountId: entry.account_id });
  return outcome;
}
