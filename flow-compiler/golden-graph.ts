import type { FlowEdge, FlowNode, NodeKind } from '../contracts/flows';

/** Building blocks of the golden-file graphs (golden-cases.ts). */
export const n = (id: string, kind: NodeKind | undefined, config: Record<string, unknown> = {}, label?: string): FlowNode => ({
  id,
  type: 'default',
  position: { x: 0, y: Number(id) * 100 || 0 },
  data: { label: label ?? kind ?? 'Mystery', ...(kind ? { kind } : {}), config },
});
export const e = (source: string, target: string, sourceHandle?: string): FlowEdge => ({
  id: `${source}-${sourceHandle ?? 'next'}-${target}`,
  source,
  target,
  ...(sourceHandle ? { sourceHandle } : {}),
});
export const dmTrigger = (keywords = ['price']) => n('1', 'trigger', { type: 'keyword_dm', keywords }, 'Start');
export const commentTrigger = () => n('1', 'trigger', { type: 'comment', keywords: ['info'], postId: 'post_1' }, 'Start');
