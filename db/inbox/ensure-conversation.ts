import type pg from 'pg';

export interface ConversationKey {
  workspaceId: string;
  accountId: string;
  platform: 'instagram' | 'facebook' | 'twitter';
  contactId: string;
  /** The contact as the platform knows them; the display name falls back to handle, then id. */
  externalUserId: string;
  name: string;
  username: string | null;
}

/**
 * The conversation for (account, contact), created on first contact; the one upsert of
 * conversations for inbound messages, echoes and every outbound send. A known conversation gets its
 * display name refreshed from the caller's (name, else handle, else id) and nothing else: it moves in
 * the inbox only when a message is stored in it (queueOutboundMessage, storeInboundMessage,
 * storeEcho), not because someone looked it up.
 */
export async function ensureConversation(db: Pick<pg.PoolClient, 'query'>, c: ConversationKey): Promise<string> {
  const { rows } = await db.query<{ id: string }>({
    name: 'ensure-conversation',
    text: `insert into conversations (workspace_id, account_id, contact_id, platform, customer_name, customer_username, external_user_id)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (account_id, contact_id) do update set customer_name = coalesce(nullif(excluded.customer_name, ''), conversations.customer_name)
     returning id`,
    values: [c.workspaceId, c.accountId, c.contactId, c.platform, c.name || c.username || c.externalUserId, c.username, c.externalUserId],
  });
  return rows[0]!.id;
}
