import type pg from 'pg';
import type { Message } from '../../contracts/inbox';
import { queueOutboundMessage } from '../sends/queue-outbound-message';
import type { SendLimit } from '../sends/reserve-send-slot';
import { pauseAutomation } from './automation-pause';
import { messageColumns, messageRow, toMessage } from './read-inbox';

/**
 * An operator's reply from the inbox: queued as a DM to the conversation's contact and marked read.
 * Returns the queued message, 'not_found' for another workspace's conversation, or 'not_queued'
 * when nothing was queued. Call inside a transaction (the conversation row is locked). The member
 * takes the conversation over (contracts/takeover.ts): automation pauses for the contact in the same
 * transaction, so no rule or flow answers them between this reply and the pause.
 */
export async function sendInboxReply(
  client: pg.PoolClient,
  workspaceId: string,
  conversationId: string,
  text: string,
  limit: SendLimit,
  userId: string,
): Promise<Message | 'not_found' | 'not_queued'> {
  const conv = await client.query<{ account_id: string; external_user_id: string }>(
    'select account_id, external_user_id from conversations where workspace_id = $1 and id = $2 for update',
    [workspaceId, conversationId],
  );
  const row = conv.rows[0];
  if (!row) return 'not_found';
  // The message is its own idempotency key (`inbox:<message id>`): every post is a new send.
  const queued = await queueOutboundMessage(client, {
    workspaceId,
    accountId: row.account_id,
    conversationId,
    text,
    source: 'inbox',
    kind: 'dm',
    target: row.external_user_id,
    idempotencyKey: (messageId) => `inbox:${messageId}`,
    limit,
    markRead: true,
  });
  if (!queued?.messageId) return 'not_queued';
  await pauseAutomation(client, workspaceId, conversationId, userId);
  const inserted = await client.query(`select ${messageColumns} from messages m where m.id = $1`, [queued.messageId]);
  return toMessage(messageRow.parse(inserted.rows[0]));
}
