import type pg from 'pg';
import type { FlowEdge, FlowGraph, FlowNode, NodeKind } from '../../contracts/flows';
import { startRun } from '../../db/flows/runs';
import { withTransaction } from '../../db/transaction';
import type { HttpClient } from './http-client';

/** Builds React Flow graphs for tests and benchmarks: `node('2', 'instagramDM', {text})`, `edge('1', '2')`. */
export const node = (id: string, kind: NodeKind, config: Record<string, unknown> = {}, label?: string): FlowNode => ({
  id,
  type: 'default',
  position: { x: 250, y: 50 + Number(id) * 90 },
  data: { label: label ?? (kind === 'trigger' ? 'Start' : kind), kind, config },
});

export const edge = (source: string, target: string, sourceHandle?: string): FlowEdge => ({
  id: `e${source}-${sourceHandle ?? 'next'}-${target}`,
  source,
  target,
  sourceHandle: sourceHandle ?? null,
});

export const keywordTrigger = (keywords: string[], extra: Record<string, unknown> = {}) =>
  node('1', 'trigger', { type: 'keyword_dm', keywords, accountId: null, postId: null, ...extra });

/** Creates and publishes (isActive) a flow; returns its id. Throws with the server's answer if refused. */
export async function publishFlow(client: HttpClient, graph: FlowGraph, name = 'Test flow', platform = 'multi'): Promise<string> {
  const res = await client.post('/api/flows', { name, platform, flowData: graph, isActive: true });
  if (res.status !== 201) throw new Error(`publish failed: ${res.status} ${res.text}`);
  return res.data.id as string;
}

/**
 * A new contact on the workspace's Instagram account and a test run of the flow's version for it,
 * started as the inbound pipeline starts one (its row and `run.advance` job); returns the run's id.
 */
export async function startTestRun(
  pool: pg.Pool,
  w: { user: { workspaceId: string }; instagram: { id: string } },
  flow: { flowId: string; versionId: string },
  externalUserId: string,
): Promise<string> {
  const contactId = (
    await pool.query<{ id: string }>('insert into contacts (workspace_id, account_id, external_user_id, name) values ($1, $2, $3, $3) returning id', [
      w.user.workspaceId,
      w.instagram.id,
      externalUserId,
    ])
  ).rows[0]!.id;
  const runId = await withTransaction(pool, (c) =>
    startRun(c, { ...flow, workspaceId: w.user.workspaceId, accountId: w.instagram.id, contactId, trigger: { type: 'test', text: null } }),
  );
  if (!runId) throw new Error(`startTestRun: no run started for ${externalUserId}`);
  return runId;
}

export interface RunView {
  id: string;
  status: string;
  version: number;
  statusDetail: string | null;
  steps: { seq: number; nodeId: string; kind: string; status: string; input: unknown; output: unknown; error: string | null; attempts: number }[];
}

export async function runsOf(client: HttpClient, flowId: string): Promise<{ id: string; status: string; contact: { name: string } }[]> {
  return (await client.get(`/api/runs?flowId=${flowId}&limit=100`)).data.runs;
}

export async function runDetail(client: HttpClient, runId: string): Promise<RunView> {
  return (await client.get(`/api/runs/${runId}`)).data as RunView;
}
