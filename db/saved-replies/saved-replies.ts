import type pg from 'pg';
import { z } from 'zod';
import type { createSavedReplyBodySchema, SavedReply, updateSavedReplyBodySchema } from '../../contracts/saved-replies';

const row = z.object({ id: z.string(), name: z.string(), content: z.string(), created_at: z.date(), updated_at: z.date() });
const columns = 'id, name, content, created_at, updated_at';

const toSavedReply = (r: z.infer<typeof row>): SavedReply => ({
  id: r.id,
  name: r.name,
  content: r.content,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** The unique (workspace, lower(name)) index refused the write. */
const nameTaken = (err: unknown) =>
  err instanceof Error && 'code' in err && err.code === '23505' && 'constraint' in err && err.constraint === 'saved_replies_workspace_name_key';

export async function listSavedReplies(db: Pick<pg.Pool, 'query'>, workspaceId: string, limit: number): Promise<SavedReply[]> {
  const { rows } = await db.query(`select ${columns} from saved_replies where workspace_id = $1 order by lower(name) limit $2`, [workspaceId, limit]);
  return z.array(row).parse(rows).map(toSavedReply);
}

/** 'name_taken' when the workspace has a reply of that name (any case); 'limit' past `max` replies. */
export async function createSavedReply(
  client: pg.PoolClient,
  workspaceId: string,
  body: z.output<typeof createSavedReplyBodySchema>,
  max: number,
): Promise<SavedReply | 'name_taken' | 'limit'> {
  // The workspace row lock serialises concurrent creates, so the count check cannot be raced past.
  await client.query('select 1 from workspaces where id = $1 for update', [workspaceId]);
  const count = await client.query<{ n: number }>('select count(*)::int as n from saved_replies where workspace_id = $1', [workspaceId]);
  if ((count.rows[0]?.n ?? 0) >= max) return 'limit';
  try {
    const { rows } = await client.query(`insert into saved_replies (workspace_id, name, content) values ($1, $2, $3) returning ${columns}`, [
      workspaceId,
      body.name,
      body.content,
    ]);
    return toSavedReply(row.parse(rows[0]));
  } catch (err) {
    if (nameTaken(err)) return 'name_taken';
    throw err;
  }
}

/** Applies the fields present; 'not_found' for another workspace's id. */
export async function updateSavedReply(
  db: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  id: string,
  body: z.output<typeof updateSavedReplyBodySchema>,
): Promise<SavedReply | 'not_found' | 'name_taken'> {
  try {
    const { rows } = await db.query(
      `update saved_replies set name = coalesce($3, name), content = coalesce($4, content), updated_at = now()
       where workspace_id = $1 and id = $2 returning ${columns}`,
      [workspaceId, id, body.name ?? null, body.content ?? null],
    );
    return rows[0] ? toSavedReply(row.parse(rows[0])) : 'not_found';
  } catch (err) {
    if (nameTaken(err)) return 'name_taken';
    throw err;
  }
}

/** False when the workspace has no such reply. */
export async function deleteSavedReply(db: Pick<pg.Pool, 'query'>, workspaceId: string, id: string): Promise<boolean> {
  const deleted = await db.query('delete from saved_replies where workspace_id = $1 and id = $2', [workspaceId, id]);
  return deleted.rowCount !== 0;
}
