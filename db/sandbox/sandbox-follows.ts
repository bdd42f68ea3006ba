import type pg from 'pg';

type Db = Pick<pg.Pool, 'query'>;

/**
 * Whether a run's contact follows its sandbox account, as the User Profile API would answer
 * (db/schema/sandbox.ts; no row: no); null when the contact is gone.
 */
export async function readSandboxFollow(db: Db, accountId: string, contactId: string): Promise<{ follows: boolean; username: string | null } | null> {
  const { rows } = await db.query<{ follows: boolean | null; username: string | null }>(
    `select f.follows, c.username from contacts c
       left join sandbox_follows f on f.account_id = $1 and f.external_user_id = c.external_user_id
      where c.id = $2`,
    [accountId, contactId],
  );
  const row = rows[0];
  return row ? { follows: row.follows ?? false, username: row.username } : null;
}

/** The Simulator's "follows" switch for one simulated person; the caller has checked the account is this workspace's sandbox. */
export async function writeSandboxFollow(db: Db, workspaceId: string, accountId: string, externalUserId: string, follows: boolean): Promise<void> {
  await db.query(
    `insert into sandbox_follows (workspace_id, account_id, external_user_id, follows) values ($1, $2, $3, $4)
     on conflict (account_id, external_user_id) do update set follows = excluded.follows, updated_at = now()`,
    [workspaceId, accountId, externalUserId, follows],
  );
}

/** The simulated people who follow each of the workspace's sandbox accounts (the Simulator's state). */
export async function listSandboxFollows(db: Db, workspaceId: string): Promise<{ accountId: string; externalUserId: string }[]> {
  const { rows } = await db.query<{ accountId: string; externalUserId: string }>(
    `select account_id as "accountId", external_user_id as "externalUserId" from sandbox_follows where workspace_id = $1 and follows`,
    [workspaceId],
  );
  return rows;
}
