import type pg from 'pg';

/**
 * Takes the workspace's demo-seed lock for this transaction and says whether it still has no flows,
 * so two concurrent "Try Live Demo" sign-ins seed the flows once.
 */
export async function claimEmptyWorkspaceForDemoFlows(client: pg.PoolClient, workspaceId: string): Promise<boolean> {
  await client.query('select pg_advisory_xact_lock(hashtext($1))', [`demo-flows:${workspaceId}`]);
  const existing = await client.query('select 1 from flows where workspace_id = $1 limit 1', [workspaceId]);
  return !existing.rowCount;
}
