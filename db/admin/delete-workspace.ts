import type pg from 'pg';
import { deleteWorkspaces } from '../auth/delete-account';
import { endUserSessions } from '../sessions/end-sessions';
import { withTransaction } from '../transaction';

/**
 * The admin console's delete (ADR 0042), in one transaction, with the code account deletion uses
 * (db/auth/delete-account.ts `deleteWorkspaces`: its accounts released, every tenant row cascades):
 * members who belong to other workspaces keep their accounts and start their next session in one of
 * those; members whose only workspace it was lose their accounts with it (a user always has a
 * workspace), and their sessions end. Null: no such workspace (or `confirmName` is not its name:
 * `mismatch`).
 */
export async function deleteWorkspaceAsOperator(
  pool: pg.Pool,
  workspaceId: string,
  confirmName: string,
): Promise<{ name: string; usersDeleted: number } | 'mismatch' | null> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ name: string }>('select name from workspaces where id = $1 for update', [workspaceId]);
    const name = rows[0]?.name;
    if (name === undefined) return null;
    if (name.trim() !== confirmName.trim()) return 'mismatch';
    // Members whose default is this workspace and who have another: their default moves there.
    await client.query(
      `update users u set workspace_id = o.workspace_id, updated_at = now()
       from (select distinct on (m.user_id) m.user_id, m.workspace_id from workspace_members m
             join users x on x.id = m.user_id and x.workspace_id = $1
             where m.workspace_id <> $1 order by m.user_id, m.created_at) o
       where u.id = o.user_id`,
      [workspaceId],
    );
    const { rows: alone } = await client.query<{ id: string }>('select id from users where workspace_id = $1', [workspaceId]);
    for (const u of alone) await endUserSessions(client, u.id);
    await deleteWorkspaces(client, [workspaceId]);
    return { name, usersDeleted: alone.length };
  });
}
