import type pg from 'pg';

/** One line in the workspace's automation activity feed (spec: intent other than general = lead). */
export async function recordActivity(db: Pick<pg.PoolClient, 'query'>, workspaceId: string, action: string, message: string, intent: string) {
  await db.query('insert into automation_activity (workspace_id, action, message, intent) values ($1, $2, $3, $4)', [workspaceId, action, message, intent]);
}
