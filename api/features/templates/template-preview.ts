import type pg from 'pg';
import type { TemplatePlatform, TemplatePreview } from '../../../contracts/templates';
import { readWorkspaceFacts } from '../../../db/templates/workspace-facts';
import { getWorkspaceTemplate } from '../../../db/templates/workspace-templates';
import { findBuiltInTemplate } from './catalogue';
import { graphForPlatform } from './catalogue/for-platform';
import { describeVariables, fillTemplateGraph, variablesFor, type WorkspaceFacts } from './catalogue/template-variables';
import { platformsOfSaved } from './to-flow-template';
import type { ActivationRefusal } from './template-activation';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const noFacts: WorkspaceFacts = { businessName: null, websiteUrl: null, tone: 'friendly', offer: null, profile: {} };

/**
 * What activating the template would create, for the preview: the same retargeting and filling as
 * createFlowFromTemplate, from the signed-in workspace's facts (none when signed out), plus each
 * variable's value and whether it is missing. A saved workspace template has no variables.
 */
export async function previewTemplate(
  pool: pg.Pool,
  workspaceId: string | null,
  templateId: string,
  platform: TemplatePlatform | undefined,
): Promise<TemplatePreview | ActivationRefusal> {
  const builtIn = findBuiltInTemplate(templateId);
  if (builtIn) {
    const chosen = platform ?? builtIn.platforms[0]!;
    if (!builtIn.platforms.includes(chosen)) return 'platform_not_supported';
    const facts = workspaceId ? await readWorkspaceFacts(pool, workspaceId) : noFacts;
    const graph = graphForPlatform(builtIn.graph, chosen);
    return {
      templateId,
      platform: chosen,
      signedIn: workspaceId !== null,
      flowData: fillTemplateGraph(graph, variablesFor(facts)),
      variables: describeVariables(graph, facts),
    };
  }
  const saved = workspaceId && uuidPattern.test(templateId) ? await getWorkspaceTemplate(pool, workspaceId, templateId) : null;
  if (!saved) return 'not_found';
  const platforms = platformsOfSaved(saved);
  const chosen = platform ?? platforms[0]!;
  if (!platforms.includes(chosen)) return 'platform_not_supported';
  return { templateId, platform: chosen, signedIn: true, flowData: saved.graph, variables: [] };
}
