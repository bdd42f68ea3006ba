import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import type { SocialSendMessageResponse } from '../../../contracts/social-accounts';
import type { Sender } from '../../../activities/send-outbound.activity';
import { enqueueSend } from '../../../db/pipeline/enqueue-send';
import { notifyWorkspace } from '../../../db/pipeline/notify';
import { outboundLedgerRow } from '../../../db/pipeline/outbound-ledger-row';
import type { SendLimits } from '../../../db/pipeline/send-limits';
import { AppError } from '../../http/errors';

const accountRow = z.object({ id: z.string(), platform: z.enum(['facebook', 'instagram']), username: z.string() });
const ledgerRow = outboundLedgerRow.pick({ status: true, error: true, platform_message_id: true, scheduled_for: true });

/**
 * Social Messaging's send forms (spec §2): a person types a DM to a recipient id from a connected
 * Page (Messenger) or the Instagram account linked to that Page. It goes through the same ledger,
 * pacing and window checks as every send — a person may use Meta's HUMAN_AGENT tag up to 7 days
 * after the contact's last message — and is delivered inline when its slot is now, so the form can
 * say "sent" or show Meta's refusal.
 */
export async function sendFromSocialMessaging(
  pool: pg.Pool,
  sender: Sender,
  limits: SendLimits,
  workspaceId: string,
  channel: 'facebook' | 'instagram',
  body: { pageId: string; recipientId: string; message: string },
): Promise<{ status: number; body: SocialSendMessageResponse }> {
  // pageId is the Page; for Instagram, the account linked to it (or the Instagram account id itself).
  const found = await pool.query(
    channel === 'facebook'
      ? `select id, platform, username from social_accounts where workspace_id = $1 and provider = 'meta' and platform = 'facebook' and external_id = $2 and is_active`
      : `select id, platform, username from social_accounts where workspace_id = $1 and provider = 'meta' and platform = 'instagram' and (linked_external_id = $2 or external_id = $2) and is_active`,
    [workspaceId, body.pageId],
  );
  if (found.rowCount === 0) {
    throw new AppError('NOT_FOUND', channel === 'facebook' ? 'Facebook Page not found' : 'No Instagram account is linked to this Page');
  }
  const account = accountRow.parse(found.rows[0]);

  const client = await pool.connect();
  let queued: { ledgerId: string; scheduledFor: Date } | null;
  try {
    await client.query('begin');
    const contact = await client.query<{ id: string; name: string; username: string | null }>(
      `insert into contacts (workspace_id, account_id, external_user_id) values ($1, $2, $3)
       on conflict (account_id, external_user_id) do update set external_user_id = excluded.external_user_id
       returning id, name, username`,
      [workspaceId, account.id, body.recipientId],
    );
    const c = contact.rows[0]!;
    const conv = await client.query<{ id: string }>(
      `insert into conversations (workspace_id, account_id, contact_id, platform, customer_name, customer_username, external_user_id)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (account_id, contact_id) do update set updated_at = now()
       returning id`,
      [workspaceId, account.id, c.id, account.platform, c.name || c.username || body.recipientId, c.username, body.recipientId],
    );
    const conversationId = conv.rows[0]!.id;
    const msg = await client.query<{ id: string }>(
      `insert into messages (workspace_id, conversation_id, account_id, content, direction, status, source)
       values ($1, $2, $3, $4, 'outbound', 'queued', 'inbox') returning id`,
      [workspaceId, conversationId, account.id, body.message],
    );
    const messageId = msg.rows[0]!.id;
    await client.query('update conversations set last_message = $2, last_message_time = now(), updated_at = now() where id = $1', [conversationId, body.message]);
    queued = await enqueueSend(client, {
      workspaceId,
      accountId: account.id,
      kind: 'dm',
      target: body.recipientId,
      text: body.message,
      idempotencyKey: `social_messaging:${randomUUID()}`,
      messageId,
      limit: limits.dm,
    });
    await notifyWorkspace(client, workspaceId, { type: 'message.created', conversationId, messageId });
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  if (!queued) throw new AppError('INTERNAL', 'Could not queue the message');

  const outcome = await sender.send(queued.ledgerId);
  const ledger = await pool.query('select status, error, platform_message_id, scheduled_for from outbound_ledger where id = $1', [queued.ledgerId]);
  const row = ledgerRow.parse(ledger.rows[0]);
  if (row.status === 'failed') throw new AppError('PLATFORM_REFUSED', row.error ?? (outcome.status === 'failed' ? outcome.error : 'Not sent'));
  const sent = row.status === 'sent';
  return {
    status: sent ? 200 : 202,
    body: {
      success: true,
      status: sent ? 'sent' : 'queued',
      messageId: row.platform_message_id,
      recipientId: body.recipientId,
      scheduledFor: sent ? null : row.scheduled_for.toISOString(),
    },
  };
}
