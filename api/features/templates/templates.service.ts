import type pg from 'pg';
import { flowGraphSchema } from '../../../contracts/flows';
import {
  templateCategories,
  templateCategoryNames,
  type FlowTemplate,
  type ListTemplatesQuery,
  type TemplateList,
  type TemplateValidation,
} from '../../../contracts/templates';
import { templateRunCounts } from '../../../db/templates/template-flows';
import { listWorkspaceTemplates } from '../../../db/templates/workspace-templates';
import { compile } from '../../../flow-compiler/compile';
import { builtInTemplates } from './catalogue';
import { flowPlatformOf, graphForPlatform } from './catalogue/for-platform';
import { fillTemplateGraph, variablesFor } from './catalogue/template-variables';
import { fromDefinition, fromSaved } from './to-flow-template';

/**
 * The built-in templates plus, for a signed-in user, the workspace's own; filtered by category,
 * platform and difficulty. Category counts are over the platform and difficulty filters, so each
 * category option says how many it would show.
 */
export async function listTemplates(pool: pg.Pool, workspaceId: string | null, query: ListTemplatesQuery): Promise<TemplateList> {
  const saved = workspaceId ? await listWorkspaceTemplates(pool, workspaceId) : [];
  const counts = await templateRunCounts(pool, [...builtInTemplates.map((t) => t.id), ...saved.map((t) => t.id)]);
  const all: FlowTemplate[] = [...builtInTemplates.map((t) => fromDefinition(t, counts.get(t.id))), ...saved.map((t) => fromSaved(t, counts.get(t.id)))];
  const matching = all.filter((t) => (!query.platform || t.platforms.includes(query.platform)) && (!query.difficulty || t.difficulty === query.difficulty));
  const categories = templateCategories
    .map((id) => ({ id, name: templateCategoryNames[id], count: matching.filter((t) => t.category === id).length }))
    .filter((c) => c.count > 0 || c.id === query.category);
  return { templates: matching.filter((t) => !query.category || t.category === query.category), categories };
}

/** The probe: every built-in template, filled with no facts, compiles for every platform it lists. */
export function validateBuiltInTemplates(): TemplateValidation {
  const vars = variablesFor({ businessName: null, websiteUrl: null, tone: 'friendly', offer: null, profile: {} });
  const problems: TemplateValidation['problems'] = [];
  for (const t of builtInTemplates) {
    for (const platform of t.platforms) {
      const graph = flowGraphSchema.safeParse(fillTemplateGraph(graphForPlatform(t.graph, platform), vars));
      if (!graph.success) {
        problems.push({
          templateId: t.id,
          platform,
          errors: [{ nodeId: null, code: 'invalid_config', message: graph.error.issues[0]?.message ?? 'invalid graph' }],
        });
        continue;
      }
      const result = compile(graph.data, flowPlatformOf[platform]);
      if (!result.ok) problems.push({ templateId: t.id, platform, errors: result.errors });
    }
  }
  return { ok: problems.length === 0, count: builtInTemplates.length, problems };
}
