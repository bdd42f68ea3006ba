import type pg from 'pg';
import { z } from 'zod';
import { flowGraphSchema, type NodeKind, type RunDetail, type RunList, type RunStatus, type RunStep, type RunSummary } from '../../contracts/flows';
import { cursorTs, encodeCursor, type Cursor } from '../pagination/keyset-cursor';

type Db = Pick<pg.Pool, 'query'>;

const summaryRow = z.object({
  id: z.string(),
  flow_id: z.string(),
  flow_name: z.string(),
  version: z.number(),
  status: z.enum(['running', 'waiting', 'sleeping', 'completed', 'failed', 'cancelled']),
  contact_id: z.string(),
  contact_name: z.string(),
  contact_username: z.string().nullable(),
  status_detail: z.string().nullable(),
  current_node_id: z.string().nullable(),
  step_count: z.number(),
  started_at: z.date(),
  updated_at: z.date(),
  finished_at: z.date().nullable(),
  resume_at: z.date().nullable(),
  error: z.string().nullable(),
  cursor_ts: z.string(),
});

const selectRuns = `
  select r.id, r.flow_id, f.name as flow_name, v.version, r.status, r.contact_id, c.name as contact_name, c.username as contact_username,
         r.status_detail, r.current_node_id, r.step_count, r.started_at, r.updated_at, r.finished_at, r.resume_at, r.error,
         ${cursorTs('r.started_at')} as cursor_ts
  from flow_runs r
  join flows f on f.id = r.flow_id
  join flow_versions v on v.id = r.version_id
  join contacts c on c.id = r.contact_id`;

function toSummary(r: z.infer<typeof summaryRow>): RunSummary {
  return {
    id: r.id,
    flowId: r.flow_id,
    flowName: r.flow_name,
    version: r.version,
    status: r.status,
    contact: { id: r.contact_id, name: r.contact_name, username: r.contact_username },
    statusDetail: r.status === 'failed' ? (r.error ?? r.status_detail) : r.status_detail,
    currentNodeId: r.current_node_id,
    stepCount: r.step_count,
    startedAt: r.started_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    finishedAt: r.finished_at?.toISOString() ?? null,
    resumeAt: r.resume_at?.toISOString() ?? null,
  };
}

/** Runs newest first, keyset on (started_at, id): every page costs the same at any depth. */
export async function listRuns(
  db: Db,
  workspaceId: string,
  q: { flowId?: string; status?: RunStatus; contactId?: string; cursor?: Cursor; limit: number },
): Promise<RunList> {
  const params: unknown[] = [workspaceId];
  const where = ['r.workspace_id = $1'];
  if (q.contactId) {
    // The inbox's contact panel: one contact's runs.
    params.push(q.contactId);
    where.push(`r.contact_id = $${params.length}`);
  }
  if (q.flowId) {
    params.push(q.flowId);
    where.push(`r.flow_id = $${params.length}`);
  }
  if (q.status) {
    params.push(q.status);
    where.push(`r.status = $${params.length}`);
  }
  if (q.cursor) {
    const c = q.cursor;
    params.push(c.ts, c.id);
    where.push(`(r.started_at, r.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  params.push(q.limit + 1);
  const { rows } = await db.query(`${selectRuns} where ${where.join(' and ')} order by r.started_at desc, r.id desc limit $${params.length}`, params);
  const parsed = z.array(summaryRow).parse(rows);
  const page = parsed.slice(0, q.limit);
  const last = page.at(-1);
  return { runs: page.map(toSummary), nextCursor: parsed.length > q.limit && last ? encodeCursor(last.cursor_ts, last.id) : null };
}

export async function getRunSummary(db: Db, workspaceId: string, id: string): Promise<RunSummary | null> {
  const { rows } = await db.query(`${selectRuns} where r.workspace_id = $1 and r.id = $2`, [workspaceId, id]);
  return rows[0] ? toSummary(summaryRow.parse(rows[0])) : null;
}

const stepRow = z.object({
  id: z.coerce.string(),
  seq: z.number(),
  node_id: z.string(),
  kind: z.string(),
  status: z.enum(['running', 'completed', 'failed', 'waiting', 'sleeping', 'skipped']),
  input: z.unknown(),
  output: z.unknown(),
  error: z.string().nullable(),
  attempts: z.number(),
  started_at: z.date(),
  finished_at: z.date().nullable(),
});

export async function getRunDetail(db: Db, workspaceId: string, id: string): Promise<RunDetail | null> {
  const { rows } = await db.query(`${selectRuns.replace('from flow_runs r', ', v.graph from flow_runs r')} where r.workspace_id = $1 and r.id = $2`, [
    workspaceId,
    id,
  ]);
  if (!rows[0]) return null;
  const run = summaryRow.extend({ graph: flowGraphSchema }).parse(rows[0]);
  const steps = await db.query(
    'select id, seq, node_id, kind, status, input, output, error, attempts, started_at, finished_at from run_steps where run_id = $1 order by seq',
    [id],
  );
  const labels = new Map(run.graph.nodes.map((n) => [n.id, n.data.label]));
  return {
    ...toSummary(run),
    error: run.error,
    flowData: run.graph,
    steps: z
      .array(stepRow)
      .parse(steps.rows)
      .map((s): RunStep => ({
        id: s.id,
        seq: s.seq,
        nodeId: s.node_id,
        kind: s.kind as NodeKind,
        label: labels.get(s.node_id) || s.kind,
        status: s.status,
        input: s.input,
        output: s.output,
        error: s.error,
        attempts: s.attempts,
        startedAt: s.started_at.toISOString(),
        finishedAt: s.finished_at?.toISOString() ?? null,
      })),
  };
}
