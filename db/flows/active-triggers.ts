import type pg from 'pg';
import { z } from 'zod';
import { flowPlatforms, triggerConfig } from '../../contracts/flows';

type Db = Pick<pg.PoolClient, 'query'>;

const activeTrigger = z.object({
  flow_id: z.string(),
  flow_name: z.string(),
  version_id: z.string(),
  platform: z.enum(flowPlatforms),
  // The published plan's trigger (contracts/execution-plan.ts), read alone: the inbound pipeline needs no more of the plan.
  trigger: triggerConfig,
});
export type ActiveTrigger = z.infer<typeof activeTrigger>;

/**
 * readActiveTriggers as a scalar subquery (a JSON array) for a statement that reads them along with
 * other things (the inbound pipeline's first read); `workspace` is the SQL expression of the workspace
 * id. Parse the value with parseActiveTriggers.
 */
export function activeTriggersJsonSql(workspace: string): string {
  return `(select coalesce(json_agg(json_build_object('flow_id', f.id, 'flow_name', f.name, 'version_id', v.id, 'platform', f.platform, 'trigger', v.plan->'trigger')), '[]'::json)
     from flows f join flow_versions v on v.id = f.active_version_id
     where f.workspace_id = ${workspace} and f.is_active)`;
}

export function parseActiveTriggers(json: unknown): ActiveTrigger[] {
  return z.array(activeTrigger).parse(json);
}

/** The triggers of a workspace's active flows, from their published versions. */
export async function readActiveTriggers(db: Db, workspaceId: string): Promise<ActiveTrigger[]> {
  const { rows } = await db.query(
    `select f.id as flow_id, f.name as flow_name, v.id as version_id, f.platform, v.plan->'trigger' as trigger
     from flows f join flow_versions v on v.id = f.active_version_id
     where f.workspace_id = $1 and f.is_active`,
    [workspaceId],
  );
  return z.array(activeTrigger).parse(rows);
}
