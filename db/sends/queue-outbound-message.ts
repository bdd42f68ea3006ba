import type pg from 'pg';
import type { SendKind } from '../../contracts/inbound';
import { planTrackedLinks, saveTrackedLinks, type LinkTracking } from '../links/wrap-tracked-links';
import { scheduleSend, type ExtraCtes } from './enqueue-send';
import { EVENTS_CHANNEL } from '../notify';
import type { InboxEvent } from '../../contracts/inbox';
import type { SendLimit } from './reserve-send-slot';
import type { ReplyOptions } from '../../contracts/reply-options';

export interface OutboundMessage {
  workspaceId: string;
  accountId: string;
  /**
   * The conversation the message shows in (ensureConversation). null for a public reply: that is a
   * comment on the post, not a message, so only its ledger row is written.
   */
  conversationId: string | null;
  text: string;
  /** Who wrote it: a flow step, a person in the inbox or Social Messaging, a comment rule, a broadcast, an opt-out confirmation. */
  source: 'flow' | 'inbox' | 'comment_rule' | 'broadcast' | 'sequence' | 'opt_out';
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
  /** Quick replies and buttons to send with the text (a flow's DM node); null or absent for none. */
  replyOptions?: ReplyOptions | null;
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
  const key = m.idempotencyKey;
  if (typeof key !== 'string') return queueKeyedByMessage(db, m, key, planned);
  // The message and its ledger row in one round trip (three with the slot and the conversation,
  // five before; ADR 0017). A taken key inserts no ledger row: the message is deleted again.
  const { rows } = await db.query<{ message_id: string | null; ledger_id: string | null; platform: string | null }>({
    name: 'queue-outbound-message',
    text: `with msg as (
       insert into messages (workspace_id, conversation_id, account_id, content, direction, status, source)
       select $1::uuid, $2::uuid, $3::uuid, $4::text, 'outbound', 'queued', $5::text where $2::uuid is not null
       returning id
     ), led as (
       insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text, message_id, rule_id, reply_options)
       values ($1::uuid, $3::uuid, $6, $7, $8, $4::text, (select id from msg), $9, $10::jsonb)
       on conflict (idempotency_key) do nothing
       returning id, (select platform from social_accounts where id = account_id) as platform
     )
     select (select id from msg) as message_id, led.id as ledger_id, led.platform from (select 1) as one left join led on true`,
    values: [
      m.workspaceId,
      m.conversationId,
      m.accountId,
      m.text,
      m.source,
      key,
      m.kind,
      m.target,
      m.ruleId ?? null,
      m.replyOptions ? JSON.stringify(m.replyOptions) : null,
    ],
  });
  const row = rows[0]!;
  const messageId = row.message_id;
  if (!row.ledger_id) {
    // Already sent once under this key: undo the draft message, send nothing.
    if (messageId) await db.query('delete from messages where id = $1', [messageId]);
    return null;
  }
  if (planned && messageId && m.trackLinks) await saveTrackedLinks(db, m.workspaceId, messageId, m.trackLinks, planned.links);
  const scheduledFor = await scheduleSend(
    db,
    row.ledger_id,
    row.platform,
    m,
    m.conversationId && messageId ? conversationTouch(m, m.conversationId, messageId) : undefined,
  );
  return { ledgerId: row.ledger_id, scheduledFor, messageId };
}

/**
 * The conversation's last message and the /ws notice, as CTEs of the scheduling statement: a
 * conversation with a new message rises to the top of the inbox.
 */
function conversationTouch(m: OutboundMessage, conversationId: string, messageId: string): ExtraCtes {
  return {
    name: m.markRead ? 'conversation-read' : 'conversation',
    sql: (n) => ({
      ctes: `touched as (
         update conversations set last_message = $${n + 1}, last_message_time = now(), updated_at = now()${m.markRead ? ', unread_count = 0' : ''} where id = $${n}
       )`,
      select: `pg_notify($${n + 2}, $${n + 3})`,
    }),
    params: [
      conversationId,
      m.text,
      EVENTS_CHANNEL,
      JSON.stringify({ workspaceId: m.workspaceId, event: { type: 'message.created', conversationId, messageId } satisfies InboxEvent }),
    ],
  };
}

/** A key made from the new message's id (inbox): the message first, then its ledger row. */
async function queueKeyedByMessage(
  db: Pick<pg.PoolClient, 'query'>,
  m: OutboundMessage,
  key: (messageId: string) => string,
  planned: ReturnType<typeof planTrackedLinks> | null,
): Promise<QueuedMessage | null> {
  if (!m.conversationId) throw new Error('queueOutboundMessage: a key made from the message id needs a conversation to put the message in');
  const inserted = await db.query<{ id: string }>(
    `insert into messages (workspace_id, conversation_id, account_id, content, direction, status, source)
     values ($1, $2, $3, $4, 'outbound', 'queued', $5) returning id`,
    [m.workspaceId, m.conversationId, m.accountId, m.text, m.source],
  );
  const messageId = inserted.rows[0]!.id;
  const ins = await db.query<{ id: string; platform: string | null }>(
    `insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text, message_id, rule_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (idempotency_key) do nothing
     returning id, (select platform from social_accounts where id = account_id) as platform`,
    [m.workspaceId, m.accountId, key(messageId), m.kind, m.target, m.text, messageId, m.ruleId ?? null],
  );
  const ledgerId = ins.rows[0]?.id;
  if (!ledgerId) {
    await db.query('delete from messages where id = $1', [messageId]);
    return null;
  }
  if (planned && m.trackLinks) await saveTrackedLinks(db, m.workspaceId, messageId, m.trackLinks, planned.links);
  const scheduledFor = await scheduleSend(db, ledgerId, ins.rows[0]?.platform ?? null, m, conversationTouch(m, m.conversationId, messageId));
  return { ledgerId, scheduledFor, messageId };
}
