import type pg from 'pg';
import type { z } from 'zod';
import type { flowBodySchema } from '../../contracts/flows';

/** The parsed body (defaults applied), not the wire shape `FlowBody`. */
type FlowBody = z.output<typeof flowBodySchema>;

/**
 * Locks the flow's row for this transaction and answers when it was last saved (ISO, millisecond
 * precision as the API shows it), or null when `id` is not a flow of this workspace. The save that
 * follows in the same transaction compares it with the `updatedAt` the editor loaded.
 */
export async function lockFlowForSave(client: pg.PoolClient, workspaceId: string, id: string): Promise<string | null> {
  const { rows } = await client.query<{ updated_at: Date }>('select updated_at from flows where workspace_id = $1 and id = $2 for update', [workspaceId, id]);
  return rows[0] ? rows[0].updated_at.toISOString() : null;
}

/**
 * Saves a flow's draft and, with a compiled `plan`, publishes it: when the plan differs from the
 * latest version it is stored as the next immutable version that new runs start on. Returns the
 * flow's id, or null when `id` is not a flow of this workspace. Call inside a transaction.
 */
export async function saveFlow(client: pg.PoolClient, workspaceId: string, id: string | null, body: FlowBody, plan: unknown): Promise<string | null> {
  let flowId = id;
  if (flowId) {
    const found = await client.query('select id from flows where workspace_id = $1 and id = $2 for update', [workspaceId, flowId]);
    if (found.rowCount === 0) return null;
    await client.query(
      `update flows set name = $3, description = $4, platform = $5, graph = $6, is_active = $7, updated_at = now() where workspace_id = $1 and id = $2`,
      [workspaceId, flowId, body.name, body.description, body.platform, JSON.stringify(body.flowData), body.isActive],
    );
  } else {
    const ins = await client.query<{ id: string }>(
      `insert into flows (workspace_id, name, description, platform, graph, is_active) values ($1, $2, $3, $4, $5, $6) returning id`,
      [workspaceId, body.name, body.description, body.platform, JSON.stringify(body.flowData), body.isActive],
    );
    flowId = ins.rows[0]!.id;
  }
  if (plan) await publishVersion(client, workspaceId, flowId, body, plan);
  return flowId;
}

async function publishVersion(client: pg.PoolClient, workspaceId: string, flowId: string, body: FlowBody, plan: unknown) {
  const latest = await client.query<{ id: string; version: number; same: boolean }>(
    'select id, version, plan = $2::jsonb as same from flow_versions where flow_id = $1 order by version desc limit 1',
    [flowId, JSON.stringify(plan)],
  );
  let versionId = latest.rows[0]?.same ? latest.rows[0].id : null;
  if (!versionId) {
    const ins = await client.query<{ id: string }>(
      `insert into flow_versions (workspace_id, flow_id, version, graph, plan) values ($1, $2, $3, $4, $5) returning id`,
      [workspaceId, flowId, (latest.rows[0]?.version ?? 0) + 1, JSON.stringify(body.flowData), JSON.stringify(plan)],
    );
    versionId = ins.rows[0]!.id;
  }
  await client.query('update flows set active_version_id = $2 where id = $1', [flowId, versionId]);
}

/** Deletes a flow (its versions and runs go with it); false when it is not this workspace's. */
export async function deleteFlow(db: Pick<pg.Pool, 'query'>, workspaceId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from flows where workspace_id = $1 and id = $2', [workspaceId, id]);
  return Boolean(rowCount);
}
