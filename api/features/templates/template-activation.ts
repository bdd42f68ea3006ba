import type pg from 'pg';
import type { FlowGraph, FlowPlatform } from '../../../contracts/flows';
import type { TemplatePlatform } from '../../../contracts/templates';
import { saveFlow } from '../../../db/flows/publish-flow';
import { recordTemplateFlow } from '../../../db/templates/template-flows';
import { readWorkspaceFacts } from '../../../db/templates/workspace-facts';
import { getWorkspaceTemplate } from '../../../db/templates/workspace-templates';
import { findBuiltInTemplate } from './catalogue';
import { TEMPLATE_SEQUENCE_ID } from './catalogue/build';
import { createSequence } from '../../../db/sequences/sequences';
import { flowPlatformOf, graphForPlatform } from './catalogue/for-platform';
import { fillTemplateGraph, variablesFor } from './catalogue/template-variables';
import { platformsOfSaved } from './to-flow-template';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ActivationRefusal = 'not_found' | 'platform_not_supported';

/**
 * Creates a draft flow from a built-in template (DM steps on `platform`'s channel, `[[variables]]`
 * filled from the workspace's knowledge base, persona and onboarding answers) or from one of the
 * workspace's saved templates, and records which template it came from. Runs on the caller's
 * transaction (onboarding completes in one). Drafts are never published here: the owner reviews
 * and presses Start.
 */
export async function createFlowFromTemplate(
  client: pg.PoolClient,
  workspaceId: string,
  templateId: string,
  platform: TemplatePlatform | undefined,
): Promise<{ flowId: string } | ActivationRefusal> {
  let name: string;
  let description: string;
  let flowPlatform: FlowPlatform;
  let graph: FlowGraph;
  const builtIn = findBuiltInTemplate(templateId);
  if (builtIn) {
    const chosen = platform ?? builtIn.platforms[0]!;
    if (!builtIn.platforms.includes(chosen)) return 'platform_not_supported';
    const facts = await readWorkspaceFacts(client, workspaceId);
    graph = fillTemplateGraph(graphForPlatform(builtIn.graph, chosen), variablesFor(facts));
    if (builtIn.sequence) {
      // The template's own sequence, made with its flow: the Sequence steps point at it.
      const s = builtIn.sequence;
      const id = await createSequence(client, workspaceId, { ...s, accountId: null, enrollTag: null, isActive: true });
      if (id === 'account_not_found') throw new Error('a template sequence names no account');
      graph = {
        ...graph,
        nodes: graph.nodes.map((n) =>
          n.data.kind === 'enrollSequence' && (n.data.config as { sequenceId?: string }).sequenceId === TEMPLATE_SEQUENCE_ID
            ? { ...n, data: { ...n.data, config: { ...n.data.config, sequenceId: id } } }
            : n,
        ),
      };
    }
    ({ name, description } = builtIn);
    flowPlatform = flowPlatformOf[chosen];
  } else {
    const saved = uuidPattern.test(templateId) ? await getWorkspaceTemplate(client, workspaceId, templateId) : null;
    if (!saved) return 'not_found';
    if (platform && !platformsOfSaved(saved).includes(platform)) return 'platform_not_supported';
    ({ name, description, graph } = saved);
    flowPlatform = saved.flowPlatform;
  }
  const flowId = await saveFlow(client, workspaceId, null, { name, description, platform: flowPlatform, flowData: graph, isActive: false }, null);
  if (!flowId) throw new Error('creating a flow returned no id');
  await recordTemplateFlow(client, workspaceId, flowId, templateId);
  return { flowId };
}
