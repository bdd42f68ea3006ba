import type pg from 'pg';
import type { SendKind } from '../../contracts/inbound';
import { planTrackedLinks, saveTrackedLinks, type LinkTracking } from '../links/wrap-tracked-links';
import { enqueueSend } from './enqueue-send';
import { EVENTS_CHANNEL } from './notify';
import type { InboxEvent } from '../../contracts/inbox';
import type { SendLimit } from './reserve-send-slot';

export interface OutboundMessage {
  workspaceId: string;
  accountId: string;
  /**
   * The conversation the message shows in (ensureConversation). null for a public reply: that is a
   * comment on the post, not a message, so only its ledger row is written.
   */
  conversationId: string | null;
  text: string;
  /** Who wrote it: a flow step, a person in the inbox or Social Messaging, a comment rule. */
  source: 'flow' | 'inbox' | 'comment_rule' | 'broadcast';
  kind: SendKind;
  /** Contact's platform id for a DM; the comment id for replies. */
  target: string;
  /** At most one send per key, ever; a function of the new message's id when the message is the key (inbox). */
  idempotencyKey: string | ((messageId: string) => string);
  ruleId?: string | null;
  limit: SendLimit;
  /** false: the caller delivers it itself (a flow step sends inline); default true. */
  scheduleJob?: boolean;
  /** A person answered from the inbox: the conversation's unread count is cleared. */
  markRead?: boolean;
  /**
   * Wrap the text's http(s) URLs as tracked links (`<baseUrl>/l/<code>`, one code per message and
   * URL) before anything is written. Only messages with a conversation (DMs, private replies).
   */
  trackLinks?: LinkTracking | null;
}

export interface QueuedMessage {
  ledgerId: string;
  scheduledFor: Date;
  /** null for a public reply (no message row). */
  messageId: string | null;
}

/**
 * Queues one outbound message in the caller's transaction: the `queued` message row, its outbound
 * ledger row and rate-limit slot (enqueueSend), and the conversation's last message. The one place
 * every sender (flow step, inbox, Social Messaging, comment rule) writes these rows.
 *
 * A conversation with a new message rises to the top of the inbox: `last_message_time` and
 * `updated_at` are set to now() here, for every source (before, a flow send left `updated_at` alone
 * in its conversation upsert while Social Messaging bumped it). A send whose idempotency key is
 * already taken writes nothing, leaves the conversation where it was and returns null.
 */
export async function queueOutboundMessage(db: Pick<pg.PoolClient, 'query'>, message: OutboundMessage): Promise<QueuedMessage | null> {
  const planned = message.trackLinks && message.conversationId ? planTrackedLinks(message.text, message.trackLinks.baseUrl) : null;
  const m = planned ? { ...message, text: planned.text } : message;
  let messageId: string | null = null;
  if (m.conversationId) {
    const inserted = await db.query<{ id: string }>(
      `insert into messages (workspace_id, conversation_id, account_id, content, direction, status, source)
       values ($1, $2, $3, $4, 'outbound', 'queued', $5) returning id`,
      [m.workspaceId, m.conversationId, m.accountId, m.text, m.source],
    );
    messageId = inserted.rows[0]!.id;
  }
  let idempotencyKey: string;
  if (typeof m.idempotencyKey === 'string') idempotencyKey = m.idempotencyKey;
  else if (messageId) idempotencyKey = m.idempotencyKey(messageId);
  else throw new Error('queueOutboundMessage: a key made from the message id needs a conversation to put the message in');

  const queued = await enqueueSend(db, {
    workspaceId: m.workspaceId,
    accountId: m.accountId,
    kind: m.kind,
    target: m.target,
    text: m.text,
    idempotencyKey,
    messageId,
    ruleId: m.ruleId ?? null,
    limit: m.limit,
    scheduleJob: m.scheduleJob,
  });
  if (!queued) {
    // Already sent once under this key: undo the draft message, send nothing.
    if (messageId) await db.query('delete from messages where id = $1', [messageId]);
    return null;
  }
  if (planned && messageId && m.trackLinks) await saveTrackedLinks(db, m.workspaceId, messageId, m.trackLinks, planned.links);
  if (m.conversationId && messageId) {
    // The conversation's last message and the /ws notice in one round trip (notifyWorkspace's pg_notify).
    await db.query(
      `with c as (
         update conversations set last_message = $2, last_message_time = now(), updated_at = now()${m.markRead ? ', unread_count = 0' : ''} where id = $1
       )
       select pg_notify($3, $4)`,
      [
        m.conversationId,
        m.text,
        EVENTS_CHANNEL,
        JSON.stringify({ workspaceId: m.workspaceId, event: { type: 'message.created', conversationId: m.conversationId, messageId } satisfies InboxEvent }),
      ],
    );
  }
  return { ...queued, messageId };
}
