import type pg from 'pg';
import { z } from 'zod';

const accountRow = z.object({ id: z.string(), workspace_id: z.string(), platform: z.string(), external_id: z.string() });
export type WebhookAccountRow = z.infer<typeof accountRow>;

/** The active Meta accounts among (platform, external id) pairs, in one query however many pairs. */
export async function findActiveMetaAccounts(db: pg.Pool, pairs: { platform: string; externalId: string }[]): Promise<WebhookAccountRow[]> {
  const { rows } = await db.query(
    `select id, workspace_id, platform, external_id from social_accounts
     where provider = 'meta' and is_active
       and (platform, external_id) in (select * from unnest($1::text[], $2::text[]))`,
    [pairs.map((p) => p.platform), pairs.map((p) => p.externalId)],
  );
  return z.array(accountRow).parse(rows);
}

/** The active X account a delivery is for (`for_user_id`), or null. */
export async function findActiveXAccount(db: pg.Pool, externalId: string): Promise<{ id: string; workspace_id: string } | null> {
  const { rows } = await db.query<{ id: string; workspace_id: string }>(
    `select id, workspace_id from social_accounts where provider = 'x' and platform = 'twitter' and external_id = $1 and is_active`,
    [externalId],
  );
  return rows[0] ?? null;
}
