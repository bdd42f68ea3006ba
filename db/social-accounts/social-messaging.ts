import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import { ensureConversation } from '../inbox/ensure-conversation';
import { outboundLedgerRow } from '../sends/outbound-ledger-row';
import { queueOutboundMessage } from '../sends/queue-outbound-message';
import type { SendLimit } from '../sends/reserve-send-slot';

const accountRow = z.object({ id: z.string(), platform: z.enum(['facebook', 'instagram']), username: z.string() });
export type MessagingAccount = z.infer<typeof accountRow>;

/**
 * The active Meta account a Social Messaging send goes from: the Page itself for Messenger; for
 * Instagram, the account linked to that Page (or the Instagram account id itself).
 */
export async function findMessagingAccount(
  db: pg.Pool,
  workspaceId: string,
  channel: 'facebook' | 'instagram',
  pageId: string,
): Promise<MessagingAccount | null> {
  const found = await db.query(
    channel === 'facebook'
      ? `select id, platform, username from social_accounts where workspace_id = $1 and provider = 'meta' and platform = 'facebook' and external_id = $2 and is_active`
      : `select id, platform, username from social_accounts where workspace_id = $1 and provider = 'meta' and platform = 'instagram' and (linked_external_id = $2 or external_id = $2) and is_active`,
    [workspaceId, pageId],
  );
  return found.rowCount === 0 ? null : accountRow.parse(found.rows[0]);
}

/**
 * Queues a typed DM to `recipientId`: the contact and conversation are created when new, and the
 * send gets a fresh idempotency key (every form submit is a new send). Call inside a transaction.
 */
export async function queueSocialMessage(
  client: pg.PoolClient,
  workspaceId: string,
  account: MessagingAccount,
  recipientId: string,
  text: string,
  limit: SendLimit,
): Promise<{ ledgerId: string } | null> {
  const contact = await client.query<{ id: string; name: string; username: string | null }>(
    `insert into contacts (workspace_id, account_id, external_user_id) values ($1, $2, $3)
     on conflict (account_id, external_user_id) do update set external_user_id = excluded.external_user_id
     returning id, name, username`,
    [workspaceId, account.id, recipientId],
  );
  const c = contact.rows[0]!;
  const conversationId = await ensureConversation(client, {
    workspaceId,
    accountId: account.id,
    platform: account.platform,
    contactId: c.id,
    externalUserId: recipientId,
    name: c.name,
    username: c.username,
  });
  return queueOutboundMessage(client, {
    workspaceId,
    accountId: account.id,
    conversationId,
    text,
    source: 'inbox',
    kind: 'dm',
    target: recipientId,
    idempotencyKey: `social_messaging:${randomUUID()}`,
    limit,
  });
}

const ledgerOutcomeRow = outboundLedgerRow.pick({ status: true, error: true, platform_message_id: true, scheduled_for: true });

/** Where a send stands after its inline attempt. */
export async function readSendOutcome(db: pg.Pool, ledgerId: string): Promise<z.infer<typeof ledgerOutcomeRow>> {
  const ledger = await db.query('select status, error, platform_message_id, scheduled_for from outbound_ledger where id = $1', [ledgerId]);
  return ledgerOutcomeRow.parse(ledger.rows[0]);
}
