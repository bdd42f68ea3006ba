import type pg from 'pg';

/** The active X account a delivery is for (`for_user_id`), or null. */
export async function findActiveXAccount(db: pg.Pool, externalId: string): Promise<{ id: string; workspace_id: string } | null> {
  const { rows } = await db.query<{ id: string; workspace_id: string }>(
    `select id, workspace_id from social_accounts where provider = 'x' and platform = 'twitter' and external_id = $1 and is_active`,
    [externalId],
  );
  return rows[0] ?? null;
}
