import type pg from 'pg';
import { z } from 'zod';

export const accountRow = z.object({
  id: z.string(),
  workspace_id: z.string(),
  platform: z.enum(['instagram', 'facebook', 'twitter']),
  provider: z.string(),
  username: z.string(),
});
export type AccountRow = z.infer<typeof accountRow>;

/** The conversation for (account, contact), created on first contact. */
export async function ensureConversation(
  client: Pick<pg.PoolClient, 'query'>,
  account: AccountRow,
  contactId: string,
  from: { id: string; name: string; username: string | null },
): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into conversations (workspace_id, account_id, contact_id, platform, customer_name, customer_username, external_user_id)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (account_id, contact_id) do update set customer_name = coalesce(nullif(excluded.customer_name, ''), conversations.customer_name)
     returning id`,
    [account.workspace_id, account.id, contactId, account.platform, from.name || from.username || from.id, from.username, from.id],
  );
  return rows[0]!.id;
}

