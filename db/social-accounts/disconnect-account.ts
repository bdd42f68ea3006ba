import type pg from 'pg';
import { z } from 'zod';

const disconnectRow = z.object({
  id: z.string(),
  provider: z.enum(['meta', 'x', 'sandbox']),
  platform: z.enum(['instagram', 'facebook', 'twitter']),
  external_id: z.string(),
  display_name: z.string(),
  access_token_enc: z.string().nullable(),
});
export type ConnectedAccountRow = z.infer<typeof disconnectRow>;

/** Whether `id` is an account (active or not) of this workspace. */
export async function isWorkspaceAccount(db: pg.Pool, workspaceId: string, id: string): Promise<boolean> {
  const owned = await db.query('select 1 from social_accounts where workspace_id = $1 and id = $2', [workspaceId, id]);
  return owned.rowCount !== 0;
}

/** An active account of this workspace, with what disconnecting it needs; null when there is none. */
export async function findActiveAccount(db: pg.Pool, workspaceId: string, id: string): Promise<ConnectedAccountRow | null> {
  const found = await db.query(
    'select id, provider, platform, external_id, display_name, access_token_enc from social_accounts where workspace_id = $1 and id = $2 and is_active',
    [workspaceId, id],
  );
  return found.rowCount === 0 ? null : disconnectRow.parse(found.rows[0]);
}

/**
 * Tokens wiped, account inactive (its conversations stay). A Page takes its linked Instagram
 * account with it: Instagram messaging goes through the Page. Returns how many accounts it closed.
 */
export async function disconnectAccount(db: Pick<pg.Pool, 'query'>, workspaceId: string, account: ConnectedAccountRow): Promise<number> {
  const { rowCount } = await db.query(
    `update social_accounts set is_active = false, access_token_enc = null, refresh_token_enc = null, token_expires_at = null
     where workspace_id = $1 and (id = $2 or ($3 = 'facebook' and provider = 'meta' and platform = 'instagram' and linked_external_id = $4))`,
    [workspaceId, account.id, account.platform, account.external_id],
  );
  return rowCount ?? 0;
}
