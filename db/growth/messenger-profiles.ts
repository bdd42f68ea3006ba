import type pg from 'pg';

type Db = Pick<pg.Pool, 'query'>;

export interface ProfileAccountRow {
  id: string;
  platform: 'instagram' | 'facebook' | 'twitter';
  provider: 'meta' | 'x' | 'sandbox';
  external_id: string;
  linked_external_id: string | null;
  access_token_enc: string | null;
  profile: unknown;
}

/** An active account of this workspace with what a Messenger-profile call needs; null for another workspace's id. */
export async function findProfileAccount(db: Db, workspaceId: string, id: string): Promise<ProfileAccountRow | null> {
  const { rows } = await db.query<ProfileAccountRow>(
    `select id, platform, provider, external_id, linked_external_id, access_token_enc, profile
       from social_accounts where workspace_id = $1 and id = $2 and is_active`,
    [workspaceId, id],
  );
  return rows[0] ?? null;
}

export type ProfileColumn = 'ice_breakers' | 'persistent_menu';

/** What Replypilot last pushed for this account (null: never, or cleared) and when. */
export async function readPushedProfile(db: Db, accountId: string, column: ProfileColumn): Promise<{ value: unknown; pushedAt: Date | null }> {
  const { rows } = await db.query<{ value: unknown; pushed_at: Date | null }>(
    `select ${column} as value, ${column}_pushed_at as pushed_at from messenger_profiles where account_id = $1`,
    [accountId],
  );
  return { value: rows[0]?.value ?? null, pushedAt: rows[0]?.pushed_at ?? null };
}

export async function savePushedProfile(db: Db, workspaceId: string, accountId: string, column: ProfileColumn, value: unknown): Promise<Date> {
  const { rows } = await db.query<{ pushed_at: Date }>(
    `insert into messenger_profiles (account_id, workspace_id, ${column}, ${column}_pushed_at) values ($1, $2, $3::jsonb, now())
     on conflict (account_id) do update set ${column} = excluded.${column}, ${column}_pushed_at = excluded.${column}_pushed_at
     returning ${column}_pushed_at as pushed_at`,
    [accountId, workspaceId, value === null ? null : JSON.stringify(value)],
  );
  return rows[0]!.pushed_at;
}

/** The workspace's flows among `ids` with their saved graphs (what an item may start is read from the graph's trigger). */
export async function flowGraphs(db: Db, workspaceId: string, ids: string[]): Promise<Array<{ id: string; name: string; graph: unknown }>> {
  const { rows } = await db.query<{ id: string; name: string; graph: unknown }>(
    'select id, name, graph from flows where workspace_id = $1 and id = any($2::uuid[])',
    [workspaceId, ids],
  );
  return rows;
}
