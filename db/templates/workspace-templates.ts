import type pg from 'pg';
import { z } from 'zod';
import { flowGraphSchema, flowPlatforms, type FlowGraph, type FlowPlatform } from '../../contracts/flows';
import { templateDifficulties, type TemplateDifficulty } from '../../contracts/templates';

type Db = Pick<pg.Pool, 'query'>;

/** A template a workspace saved from one of its flows. */
export interface WorkspaceTemplate {
  id: string;
  name: string;
  description: string;
  tags: string[];
  difficulty: TemplateDifficulty;
  flowPlatform: FlowPlatform;
  graph: FlowGraph;
}

const row = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  difficulty: z.enum(templateDifficulties),
  flow_platform: z.enum(flowPlatforms),
  graph: flowGraphSchema,
});
const toTemplate = (r: z.infer<typeof row>): WorkspaceTemplate => ({
  id: r.id,
  name: r.name,
  description: r.description,
  tags: r.tags,
  difficulty: r.difficulty,
  flowPlatform: r.flow_platform,
  graph: r.graph,
});
const columns = 'id, name, description, tags, difficulty, flow_platform, graph';

/**
 * Saves a copy of one of the workspace's flows as a template, in one statement, so a flow id of
 * another workspace saves nothing (null → 404).
 */
export async function saveFlowAsTemplate(
  db: Db,
  workspaceId: string,
  t: { flowId: string; name?: string | undefined; description: string; tags: string[]; difficulty: TemplateDifficulty },
): Promise<WorkspaceTemplate | null> {
  const { rows } = await db.query(
    `insert into workspace_templates (workspace_id, name, description, tags, difficulty, flow_platform, graph)
     select f.workspace_id, coalesce($3, f.name), coalesce(nullif($4, ''), f.description), $5, $6, f.platform, f.graph
     from flows f where f.workspace_id = $1 and f.id = $2
     returning ${columns}`,
    [workspaceId, t.flowId, t.name ?? null, t.description, t.tags, t.difficulty],
  );
  return rows[0] ? toTemplate(row.parse(rows[0])) : null;
}

export async function listWorkspaceTemplates(db: Db, workspaceId: string): Promise<WorkspaceTemplate[]> {
  const { rows } = await db.query(`select ${columns} from workspace_templates where workspace_id = $1 order by created_at desc, id`, [workspaceId]);
  return z.array(row).parse(rows).map(toTemplate);
}

/** Null for an unknown id or another workspace's. */
export async function getWorkspaceTemplate(db: Db, workspaceId: string, id: string): Promise<WorkspaceTemplate | null> {
  const { rows } = await db.query(`select ${columns} from workspace_templates where workspace_id = $1 and id = $2`, [workspaceId, id]);
  return rows[0] ? toTemplate(row.parse(rows[0])) : null;
}
