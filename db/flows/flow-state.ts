import type pg from 'pg';
import { z } from 'zod';

const stateRow = z.object({ name: z.string(), is_active: z.boolean() });

/**
 * A flow's name and whether it is live, locked for the caller's transaction (the save or delete
 * that follows): what the audit log records about it (published, stopped, deleted). Null: not a flow
 * of this workspace. One row by primary key, unlike getFlow (which counts the flow's runs).
 */
export async function lockFlowState(db: Pick<pg.Pool, 'query'>, workspaceId: string, id: string): Promise<{ name: string; isActive: boolean } | null> {
  const { rows } = await db.query('select name, is_active from flows where workspace_id = $1 and id = $2 for update', [workspaceId, id]);
  if (rows[0] === undefined) return null;
  const r = stateRow.parse(rows[0]);
  return { name: r.name, isActive: r.is_active };
}
