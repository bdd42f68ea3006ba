import { conversationListSchema, conversationMessageListSchema } from '../../contracts/meta-graph-listing';
import { metaTime, pageThrough, type GraphPaging } from './graph-paging';

/** A direct message read back from the Graph API, in the terms of the webhook it should have come as. */
export interface ListedMessage {
  /** The message id: the `mid` its webhook carries (docs/platform-apis.md §2.9). */
  messageId: string;
  text: string;
  /** ISO time the platform says the message was sent. */
  createdAt: string;
  /** The contact who wrote it (PSID on Messenger, IGSID on Instagram). */
  from: { id: string; username: string | null; name: string | null };
}

export interface ListMessagesOptions extends GraphPaging {
  platform: 'facebook' | 'instagram';
  /** The Page id or Instagram professional account id (the webhook's `recipient.id`). */
  externalId: string;
  /**
   * The node whose conversations are listed: the Page (Messenger, and Instagram through its linked
   * Page on the Facebook Login path) or the Instagram account itself (Instagram Login).
   */
  conversationsNode: string;
  /** Messages sent before this are not wanted (the reconciliation cursor). */
  since: Date;
  /** How many of the most recently updated conversations are read. */
  maxConversations: number;
  /** How many pages of one conversation's messages are read at most. */
  maxMessagePages: number;
}

/**
 * The DMs contacts sent since `since` (docs/platform-apis.md §2.9): `/{node}/conversations` with
 * `platform=messenger|instagram`, newest updated first, stopping at the first conversation not
 * updated since the cursor; then each one's `/{conversation-id}/messages`, newest first, stopping at
 * the cursor. Messages the account itself sent (ours, or typed in Meta's inbox) are left out: their
 * webhooks are echoes, never triggers. Oldest first, the order their webhooks would have come in.
 */
export async function listRecentMessages(o: ListMessagesOptions): Promise<ListedMessage[]> {
  const sinceMs = o.since.getTime();
  const own = new Set([o.externalId, o.conversationsNode]);
  const conversationIds: string[] = [];
  await pageThrough(
    o,
    `/${o.conversationsNode}/conversations`,
    { platform: o.platform === 'instagram' ? 'instagram' : 'messenger', fields: 'updated_time,participants' },
    conversationListSchema,
    Math.ceil(o.maxConversations / o.pageSize),
    (items) => {
      for (const c of items) {
        // Newest updated first: a conversation not updated since the cursor ends the listing.
        if (c.updated_time !== undefined && metaTime(c.updated_time) < sinceMs) return false;
        if (conversationIds.length < o.maxConversations) conversationIds.push(c.id);
      }
      return conversationIds.length < o.maxConversations;
    },
  );

  const out: ListedMessage[] = [];
  for (const conversationId of conversationIds) {
    await pageThrough(
      o,
      `/${conversationId}/messages`,
      { fields: 'id,created_time,from,to,message' },
      conversationMessageListSchema,
      o.maxMessagePages,
      (items) => {
        for (const m of items) {
          const at = metaTime(m.created_time);
          if (at < sinceMs) return false; // newest first: the rest is older still
          if (!m.from || own.has(m.from.id)) continue;
          out.push({
            messageId: m.id,
            text: m.message,
            createdAt: new Date(at).toISOString(),
            from: { id: m.from.id, username: m.from.username ?? null, name: m.from.name ?? null },
          });
        }
        return true;
      },
    );
  }
  return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
