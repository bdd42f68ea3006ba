import type pg from 'pg';
import type { NormalizedEvent } from '../../contracts/inbound';
import { ensureConversation } from '../inbox/ensure-conversation';
import { notifyWorkspace } from '../notify';

type Account = { id: string; workspace_id: string; platform: 'instagram' | 'facebook' | 'twitter' };

/**
 * An echo (Meta `is_echo`, docs/platform-apis.md §1.4/§1.6) that did not carry our own send's
 * metadata (workers/inbound/messages.ts): a send recorded under its platform id is ours and changes
 * nothing; a person answering in Meta's own inbox is stored as an outbound message. Either way an
 * echo opens no messaging window and never runs triggers.
 */
export async function storeEcho(client: Pick<pg.PoolClient, 'query'>, account: Account, e: Extract<NormalizedEvent, { kind: 'echo' }>) {
  const ours = await client.query('select 1 from outbound_ledger where account_id = $1 and platform_message_id = $2', [account.id, e.messageId]);
  if (ours.rowCount) return;

  const contact = await client.query<{ id: string; name: string; username: string | null }>(
    `insert into contacts (workspace_id, account_id, external_user_id) values ($1, $2, $3)
     on conflict (account_id, external_user_id) do update set external_user_id = excluded.external_user_id
     returning id, name, username`,
    [account.workspace_id, account.id, e.to.id],
  );
  const c = contact.rows[0]!;
  const conversationId = await ensureConversation(client, {
    workspaceId: account.workspace_id,
    accountId: account.id,
    platform: account.platform,
    contactId: c.id,
    externalUserId: e.to.id,
    name: c.name,
    username: c.username,
  });
  const inserted = await client.query<{ id: string }>(
    `insert into messages (workspace_id, conversation_id, account_id, platform_message_id, content, direction, status, source, created_at)
     values ($1, $2, $3, $4, $5, 'outbound', 'sent', 'inbox', $6)
     on conflict (account_id, platform_message_id) do nothing
     returning id`,
    [account.workspace_id, conversationId, account.id, e.messageId, e.text, e.createdAt],
  );
  const messageId = inserted.rows[0]?.id;
  if (!messageId) return;
  await client.query(
    `update conversations set last_message = $2, last_message_time = greatest(last_message_time, $3::timestamptz), updated_at = now() where id = $1`,
    [conversationId, e.text, e.createdAt],
  );
  await notifyWorkspace(client, account.workspace_id, { type: 'message.created', conversationId, messageId });
}
