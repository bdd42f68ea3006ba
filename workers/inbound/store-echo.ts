import type pg from 'pg';
import type { NormalizedEvent } from '../../contracts/inbound';
import { ensureConversation } from '../../db/pipeline/ensure-conversation';
import { notifyWorkspace } from '../../db/pipeline/notify';
import type { AccountRow } from './conversations';

/** The `metadata` we attach to every Meta send (activities/meta-send.ts): an echo carrying it is ours. */
export const OWN_SEND_METADATA_PREFIX = 'rp:';

/**
 * An echo (Meta `is_echo`, docs/platform-apis.md §1.4/§1.6) is a message the account itself sent. Our own
 * sends are already recorded (ledger + message row with the platform id), so their echoes change
 * nothing; a person answering in Meta's own inbox is stored as an outbound message. Either way an
 * echo opens no messaging window and never runs triggers.
 */
export async function storeEcho(client: pg.PoolClient, account: AccountRow, e: Extract<NormalizedEvent, { kind: 'echo' }>) {
  if (e.metadata?.startsWith(OWN_SEND_METADATA_PREFIX)) return;
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
