import type { FlowEdge, FlowGraph, FlowNode, NodeKind } from '../../contracts/flows';
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
