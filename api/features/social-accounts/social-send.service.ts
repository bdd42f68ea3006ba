import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import type { SocialSendMessageResponse } from '../../../contracts/social-accounts';
import type { Sender } from '../../../activities/send-outbound.activity';
import { ensureConversation } from '../../../db/pipeline/ensure-conversation';
import { outboundLedgerRow } from '../../../db/pipeline/outbound-ledger-row';
import { queueOutboundMessage } from '../../../db/pipeline/queue-outbound-message';
import type { SendLimits } from '../../../db/pipeline/send-limits';
import { AppError } from '../../http/errors';

const accountRow = z.object({ id: z.string(), platform: z.enum(['facebook', 'instagram']), username: z.string() });
const ledgerRow = outboundLedgerRow.pick({ status: true, error: true, platform_message_id: true, scheduled_for: true });

/**
 * Social Messaging's send forms (docs/product-spec.md §2): a person types a DM to a recipient id from a connected
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
  let queued: { ledgerId: string } | null;
  try {
    await client.query('begin');
    const contact = await client.query<{ id: string; name: string; username: string | null }>(
      `insert into contacts (workspace_id, account_id, external_user_id) values ($1, $2, $3)
       on conflict (account_id, external_user_id) do update set external_user_id = excluded.external_user_id
       returning id, name, username`,
      [workspaceId, account.id, body.recipientId],
    );
    const c = contact.rows[0]!;
    const conversationId = await ensureConversation(client, {
      workspaceId,
      accountId: account.id,
      platform: account.platform,
      contactId: c.id,
      externalUserId: body.recipientId,
      name: c.name,
      username: c.username,
    });
    queued = await queueOutboundMessage(client, {
      workspaceId,
      accountId: account.id,
      conversationId,
      text: body.message,
      source: 'inbox',
      kind: 'dm',
      target: body.recipientId,
      idempotencyKey: `social_messaging:${randomUUID()}`,
      limit: limits.dm,
    });
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
