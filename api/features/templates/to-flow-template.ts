import type { FlowGraph, NodeKind } from '../../../contracts/flows';
import { CONVERSION_MIN_RUNS, type FlowTemplate, type TemplatePlatform, type TemplateTriggerType } from '../../../contracts/templates';
import type { WorkspaceTemplate } from '../../../db/templates/workspace-templates';
import type { TemplateRunCounts } from '../../../db/templates/template-flows';
import type { TemplateDefinition } from './catalogue';

/** completed ÷ started, or null below the minimum sample: a rate from three runs would mislead. */
export function conversionRate(counts: TemplateRunCounts | undefined): number | null {
  if (!counts || counts.started < CONVERSION_MIN_RUNS) return null;
  return Math.round((counts.completed / counts.started) * 1000) / 10;
}

function triggerTypeOf(graph: FlowGraph): TemplateTriggerType {
  const config = graph.nodes.find((n) => n.data.kind === 'trigger')?.data.config;
  const type = config?.type;
  return type === 'comment' || type === 'story_reply' || type === 'story_mention' ? type : 'keyword_dm';
}

const stepsOf = (graph: FlowGraph) => graph.nodes.filter((n) => n.data.kind !== 'trigger').length;

export function fromDefinition(t: TemplateDefinition, counts: TemplateRunCounts | undefined): FlowTemplate {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    tags: t.tags,
    platforms: t.platforms,
    difficulty: t.difficulty,
    estimatedSetupTime: t.estimatedSetupTime,
    conversionRate: conversionRate(counts),
    runsStarted: counts?.started ?? 0,
    smartkbIntegration: t.smartkbIntegration,
    steps: stepsOf(t.graph),
    triggerType: triggerTypeOf(t.graph),
    category: t.category,
    builtIn: true,
    flowData: t.graph,
  };
}

const platformsOfKind: Partial<Record<NodeKind, TemplatePlatform>> = { instagramDM: 'instagram', messengerDM: 'facebook', twitterDM: 'twitter' };

/** A saved flow runs where its DM steps send (or, with none, where its flow platform says). */
export function platformsOfSaved(t: WorkspaceTemplate): TemplatePlatform[] {
  const fromSteps = new Set(t.graph.nodes.flatMap((n) => (n.data.kind && platformsOfKind[n.data.kind] ? [platformsOfKind[n.data.kind]!] : [])));
  if (fromSteps.size > 0) return [...fromSteps];
  return t.flowPlatform === 'twitter' ? ['twitter'] : t.flowPlatform === 'instagram' ? ['instagram'] : ['instagram', 'facebook', 'twitter'];
}

export function fromSaved(t: WorkspaceTemplate, counts: TemplateRunCounts | undefined): FlowTemplate {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    tags: t.tags,
    platforms: platformsOfSaved(t),
    difficulty: t.difficulty,
    estimatedSetupTime: '2 min',
    conversionRate: conversionRate(counts),
    runsStarted: counts?.started ?? 0,
    smartkbIntegration: false,
    steps: stepsOf(t.graph),
    triggerType: triggerTypeOf(t.graph),
    category: 'my_templates',
    builtIn: false,
    flowData: t.graph,
  };
}
