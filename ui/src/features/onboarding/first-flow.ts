import type { Flow } from '@contracts/flows';

const dmKinds = new Set(['instagramDM', 'messengerDM', 'twitterDM']);
/** A template fact that was missing at Launch: "[your offer link — add it in Knowledge]" (template-variables.ts). */
const placeholder = /\[[^\]]+ — add (?:it|them) in [^\]]+\]/g;

const quoteList = (words: string[]) => {
  const q = words.map((w) => `“${w}”`);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} or ${q.at(-1)}`;
};

export interface FirstFlowSummary {
  /** "When someone comments “guide”, “free” or “send” on a post". */
  when: string | null;
  /** The first DM the flow sends, as written (per-contact variables like {first_name} still in it). */
  firstMessage: string | null;
  /** Whether it also answers the comment in public. */
  publicReply: boolean;
  /** Facts the message still lacks, in the placeholder's own words ("your offer link — add it in Knowledge"). */
  blanks: string[];
}

/** What a flow made by onboarding does, in a sentence a newcomer can check before publishing it. */
export function summariseFirstFlow(flow: Pick<Flow, 'flowData'>): FirstFlowSummary {
  const nodes = flow.flowData.nodes;
  const trigger = nodes.find((n) => n.data.kind === 'trigger')?.data.config as { type?: string; keywords?: string[] } | undefined;
  const keywords = (trigger?.keywords ?? []).filter((k) => typeof k === 'string' && k.trim());
  const when =
    trigger?.type === 'comment'
      ? keywords.length
        ? `When someone comments ${quoteList(keywords)} on a post`
        : 'When someone comments on a post'
      : trigger?.type === 'keyword_dm' && keywords.length
        ? `When someone sends a DM with ${quoteList(keywords)}`
        : null;
  const dm = nodes.find((n) => n.data.kind && dmKinds.has(n.data.kind));
  const text = typeof dm?.data.config.text === 'string' ? dm.data.config.text : null;
  const blanks = [...new Set(nodes.flatMap((n) => JSON.stringify(n.data.config).match(placeholder) ?? []))].map((b) => b.slice(1, -1));
  return { when, firstMessage: text, publicReply: nodes.some((n) => n.data.kind === 'publicReply'), blanks };
}
