import type pg from 'pg';
import { z } from 'zod';
import { flowGraphSchema, type Flow, type RunStatus } from '../../contracts/flows';
import { cursorTs, keysetAfter, keysetPage, type Cursor } from '../pagination/keyset-cursor';

const flowRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  platform: z.enum(['twitter', 'instagram', 'multi']),
  is_active: z.boolean(),
  graph: flowGraphSchema,
  published_version: z.number().nullable(),
  unpublished: z.boolean(),
  run_counts: z.record(z.string(), z.coerce.number()).nullable(),
  created_at: z.date(),
  updated_at: z.date(),
});

const selectFlows = `
  select f.id, f.name, f.description, f.platform, f.is_active, f.graph, f.created_at, f.updated_at,
         lv.version as published_version,
         (lv.graph is null or lv.graph <> f.graph) as unpublished,
         (select jsonb_object_agg(status, n) from (select status, count(*) n from flow_runs r where r.flow_id = f.id group by status) c) as run_counts
  from flows f
  left join lateral (select version, graph from flow_versions v where v.flow_id = f.id order by version desc limit 1) lv on true`;

function toFlow(r: z.infer<typeof flowRow>): Flow {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    platform: r.platform,
    isActive: r.is_active,
    flowData: r.graph,
    publishedVersion: r.published_version,
    hasUnpublishedChanges: r.published_version === null || r.unpublished,
    runCounts: (r.run_counts ?? {}) as Partial<Record<RunStatus, number>>,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export async function listFlows(db: Pick<pg.Pool, 'query'>, workspaceId: string): Promise<Flow[]> {
  const { rows } = await db.query(`${selectFlows} where f.workspace_id = $1 order by f.updated_at desc, f.id desc`, [workspaceId]);
  return z.array(flowRow).parse(rows).map(toFlow);
}

export async function getFlow(db: Pick<pg.Pool, 'query'>, workspaceId: string, id: string): Promise<Flow | null> {
  const { rows } = await db.query(`${selectFlows} where f.workspace_id = $1 and f.id = $2`, [workspaceId, id]);
  return rows[0] ? toFlow(flowRow.parse(rows[0])) : null;
}

/**
 * The public API's flow list, newest created first by keyset (created_at, id): the order a
 * client pages through does not move when a flow is edited, as updated_at would.
 */
export async function listApiFlows(
  db: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  q: { limit: number; cursor?: Cursor | undefined },
): Promise<{ data: Flow[]; nextCursor: string | null }> {
  const params: unknown[] = [workspaceId];
  const after = keysetAfter(q.cursor, params, 'f.created_at', 'f.id');
  params.push(q.limit + 1);
  const { rows } = await db.query(
    `select x.*, ${cursorTs('x.created_at')} as cursor_ts
     from (${selectFlows} where f.workspace_id = $1 and ${after} order by f.created_at desc, f.id desc limit $${params.length}) x
     order by x.created_at desc, x.id desc`,
    params,
  );
  const { rows: page, nextCursor } = keysetPage(z.array(flowRow.extend({ cursor_ts: z.string() })).parse(rows), q.limit);
  return { data: page.map(toFlow), nextCursor };
}
