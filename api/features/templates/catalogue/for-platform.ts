import type { FlowGraph, FlowPlatform, NodeKind } from '../../../../contracts/flows';
import { nodeKindInfo } from '../../../../contracts/flows';
import type { TemplatePlatform } from '../../../../contracts/templates';

const dmKindOf: Record<TemplatePlatform, NodeKind> = { instagram: 'instagramDM', facebook: 'messengerDM', twitter: 'twitterDM' };
const dmKinds = new Set<NodeKind>(['instagramDM', 'messengerDM', 'twitterDM']);

/** The flow's platform for a template platform: Messenger flows are 'multi' (flows have no 'facebook' platform). */
export const flowPlatformOf: Record<TemplatePlatform, FlowPlatform> = { instagram: 'instagram', facebook: 'multi', twitter: 'twitter' };

/**
 * The template's graph with every DM step sent on `platform`'s channel: catalogue graphs are written
 * once with Instagram DMs, and a Twitter flow refuses an Instagram DM step (channel_mismatch).
 * A copy; the catalogue is never changed.
 */
export function graphForPlatform(graph: FlowGraph, platform: TemplatePlatform): FlowGraph {
  const kind = dmKindOf[platform];
  return {
    edges: graph.edges.map((e) => ({ ...e })),
    nodes: graph.nodes.map((node) => {
      const copy = structuredClone(node);
      if (copy.data.kind && dmKinds.has(copy.data.kind)) {
        copy.data.kind = kind;
        copy.data.platform = nodeKindInfo[kind].platform;
      }
      return copy;
    }),
  };
}
