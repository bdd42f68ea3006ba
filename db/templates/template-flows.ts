import type pg from 'pg';
import { z } from 'zod';

type Db = Pick<pg.Pool, 'query'>;

/** Remembers which template a new flow was made from (in the transaction that creates the flow). */
export async function recordTemplateFlow(client: pg.PoolClient, workspaceId: string, flowId: string, templateId: string): Promise<void> {
  await client.query('insert into template_flows (flow_id, workspace_id, template_id) values ($1, $2, $3)', [flowId, workspaceId, templateId]);
}

export interface TemplateRunCounts {
  started: number;
  completed: number;
}

/**
 * Runs started and completed, per template, over every flow made from it in this instance (all
 * workspaces: a built-in template's rate is the instance's experience with it; only counts leave).
 * Test runs count too: they are real runs of the flow.
 */
export async function templateRunCounts(db: Db, templateIds: string[]): Promise<Map<string, TemplateRunCounts>> {
  if (templateIds.length === 0) return new Map();
  const { rows } = await db.query(
    `select tf.template_id, count(r.id)::int as started, (count(r.id) filter (where r.status = 'completed'))::int as completed
     from template_flows tf join flow_runs r on r.flow_id = tf.flow_id
     where tf.template_id = any($1::text[])
     group by tf.template_id`,
    [templateIds],
  );
  const parsed = z.array(z.object({ template_id: z.string(), started: z.number(), completed: z.number() })).parse(rows);
  return new Map(parsed.map((r) => [r.template_id, { started: r.started, completed: r.completed }]));
}
