import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { SocialSendMessageResponse } from '../../../contracts/social-accounts';
import type { Sender } from '../../../activities/send-outbound.activity';
import type { SendLimits } from '../../../db/sends/send-limits';
import { findMessagingAccount, queueSocialMessage, readSendOutcome } from '../../../db/social-accounts/social-messaging';
import { withTransaction } from '../../../db/transaction';
import { AppError } from '../../http/errors';

/** How long the form waits for a send another process has in flight (beyond it: answered as queued). */
const IN_FLIGHT_WAIT_MS = 25_000;
const IN_FLIGHT_POLL_MS = 100;

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
  const account = await findMessagingAccount(pool, workspaceId, channel, body.pageId);
  if (!account) throw new AppError('NOT_FOUND', channel === 'facebook' ? 'Facebook Page not found' : 'No Instagram account is linked to this Page');
  const queued = await withTransaction(pool, (client) => queueSocialMessage(client, workspaceId, account, body.recipientId, body.message, limits.dm));
  if (!queued) throw new AppError('INTERNAL', 'Could not queue the message');

  const outcome = await sender.send(queued.ledgerId);
  let row = await readSendOutcome(pool, queued.ledgerId);
  // The message's durable job may have claimed it first (a worker's send pump, ADR 0021): its call is
  // in flight, so this answer waits for that outcome instead of sending again.
  for (let waited = 0; row.status === 'sending' && waited < IN_FLIGHT_WAIT_MS; waited += IN_FLIGHT_POLL_MS) {
    await sleep(IN_FLIGHT_POLL_MS);
    row = await readSendOutcome(pool, queued.ledgerId);
  }
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
