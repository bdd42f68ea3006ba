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
        if (kind === 'twitterDM') copy.data.config = asPlainText(copy.data.config);
      }
      return copy;
    }),
  };
}

/**
 * X's DM API has no quick replies or buttons (docs/platform-apis.md §2.5): the options go into the
 * text instead ("Reply with: Yes / No", a link button's URL), so the message still says what to answer.
 */
function asPlainText(config: Record<string, unknown>): Record<string, unknown> {
  const quick = Array.isArray(config.quickReplies) ? (config.quickReplies as string[]) : [];
  const buttons = Array.isArray(config.buttons) ? (config.buttons as { type: string; title: string; url?: string }[]) : [];
  const lines = [
    ...(quick.length > 0 ? [`Reply with: ${quick.join(' / ')}`] : []),
    ...buttons.filter((b) => b.type === 'web_url' && b.url).map((b) => `${b.title}: ${b.url}`),
  ];
  const text = typeof config.text === 'string' ? config.text : '';
  return { ...config, text: lines.length > 0 ? `${text}\n\n${lines.join('\n')}` : text, quickReplies: [], contactQuickReplies: [], buttons: [] };
}
