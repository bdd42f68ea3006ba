import type { FlowEdge, FlowGraph, FlowNode, NodeKind } from '../../../../contracts/flows';
import { nodeKindInfo } from '../../../../contracts/flows';
import type { SequenceStep } from '../../../../contracts/sequences';
import type { TemplateCategory, TemplateDifficulty, TemplatePlatform } from '../../../../contracts/templates';

/**
 * A built-in template as written in the catalogue. Messages use the builder's own `{first_name}`
 * variables (filled per contact when a run sends) and `[[name]]` variables (filled once, from the
 * workspace's knowledge base and onboarding answers, when the template is activated:
 * template-variables.ts). DM steps are written as instagramDM and switched to the chosen
 * platform's DM kind on activation (for-platform.ts).
 */
export interface TemplateDefinition {
  id: string;
  name: string;
  description: string;
  tags: string[];
  platforms: TemplatePlatform[];
  difficulty: TemplateDifficulty;
  estimatedSetupTime: string;
  smartkbIntegration: boolean;
  category: TemplateCategory;
  graph: FlowGraph;
  /**
   * A sequence the template creates with its flow (ADR 0048): activation makes it in the same
   * transaction and points the graph's Sequence steps that name TEMPLATE_SEQUENCE_ID at it.
   */
  sequence?: { name: string; stopOnReply: boolean; steps: SequenceStep[] };
}

/** Stands for the template's own sequence in its graph until activation creates it (a valid id, so the catalogue compiles). */
export const TEMPLATE_SEQUENCE_ID = '00000000-0000-4000-8000-000000000047';

const COLUMN = 300;
const ROW = 130;

/** A node at grid cell (col, row), so a template reads top to bottom with branches side by side. */
export function step(id: string, kind: NodeKind, col: number, row: number, config: Record<string, unknown>, label?: string): FlowNode {
  return {
    id,
    type: 'default',
    position: { x: 250 + col * COLUMN, y: 50 + row * ROW },
    data: { label: label ?? nodeKindInfo[kind].label, kind, platform: nodeKindInfo[kind].platform, config },
  };
}

export function dm(id: string, col: number, row: number, text: string, label: string, quickReplies: string[] = []): FlowNode {
  return step(id, 'instagramDM', col, row, { text, quickReplies }, label);
}

export function link(source: string, target: string, sourceHandle?: string): FlowEdge {
  return { id: `e${source}-${sourceHandle ?? 'next'}-${target}`, source, target, sourceHandle: sourceHandle ?? null };
}

export const commentTrigger = (keywords: string[]) => step('1', 'trigger', 0, 0, { type: 'comment', keywords, accountId: null, postId: null }, 'Start');
export const dmTrigger = (keywords: string[]) => step('1', 'trigger', 0, 0, { type: 'keyword_dm', keywords, accountId: null, postId: null }, 'Start');
export const referralTrigger = () => step('1', 'trigger', 0, 0, { type: 'referral', keywords: [], accountId: null, postId: null }, 'Start');
export const storyMentionTrigger = () => step('1', 'trigger', 0, 0, { type: 'story_mention', keywords: [], accountId: null, postId: null }, 'Start');
export const storyReplyTrigger = (keywords: string[] = []) =>
  step('1', 'trigger', 0, 0, { type: 'story_reply', keywords, accountId: null, postId: null }, 'Start');
export const liveCommentTrigger = (keywords: string[]) =>
  step('1', 'trigger', 0, 0, { type: 'comment', keywords, accountId: null, postId: null, commentsOn: 'live' }, 'Start');
