import type { Flow } from '@contracts/flows';
import type { Platform } from '@contracts/platforms';
import type { SimulatorPost } from '@contracts/simulator';

/**
 * "Try it": the Simulator opened with a message that starts a given flow, ready to send. The URL
 * carries what to prefill (`/simulator?try=comment&text=guide&platform=instagram&post=…`), so the
 * Simulator needs nothing else and the link can be shared or reloaded.
 */
export interface SimulatorPrefill {
  channel: 'comment' | 'dm';
  text: string;
  platform: Platform | null;
  accountId: string | null;
  postId: string | null;
  /** Shown above the Simulator: what is being tried. */
  flowName: string | null;
  /** The DM is sent as a reply to the account's story (a story-reply trigger). */
  storyReply: boolean;
}

interface TriggerConfig {
  type?: unknown;
  keywords?: unknown;
  accountId?: unknown;
  postId?: unknown;
}

/** The flow's trigger, or null when it has none a person can send (a story mention, no keywords). */
function triggerOf(
  flow: Pick<Flow, 'flowData'>,
): { channel: 'comment' | 'dm'; keyword: string; accountId: string | null; postId: string | null; storyReply: boolean } | null {
  const node = flow.flowData.nodes.find((n) => n.data.kind === 'trigger' || (!n.data.kind && n.data.label === 'Start'));
  const c = (node?.data.config ?? {}) as TriggerConfig;
  const keywords = Array.isArray(c.keywords) ? c.keywords.filter((k): k is string => typeof k === 'string' && k.trim() !== '') : [];
  if (c.type !== 'comment' && c.type !== 'keyword_dm' && c.type !== 'story_reply') return null;
  // A comment or story-reply trigger with no keywords answers any comment or reply; a DM trigger needs one.
  const keyword = keywords[0]?.trim() ?? (c.type === 'comment' ? 'Love this!' : c.type === 'story_reply' ? 'Love this story!' : null);
  if (!keyword) return null;
  return {
    channel: c.type === 'comment' ? 'comment' : 'dm',
    keyword,
    accountId: typeof c.accountId === 'string' ? c.accountId : null,
    postId: typeof c.postId === 'string' ? c.postId : null,
    storyReply: c.type === 'story_reply',
  };
}

/** The Simulator URL that tries `flow`, or null when no message a contact can send would start it. */
export function simulatorTryUrl(flow: Pick<Flow, 'name' | 'platform' | 'flowData'>): string | null {
  const trigger = triggerOf(flow);
  if (!trigger) return null;
  const params = new URLSearchParams({ try: trigger.channel, text: trigger.keyword, flow: flow.name });
  // Sandbox accounts are Instagram and Messenger; a 'multi' flow runs on both, Instagram is first.
  if (flow.platform === 'instagram' || flow.platform === 'multi') params.set('platform', 'instagram');
  if (trigger.accountId) params.set('account', trigger.accountId);
  if (trigger.postId) params.set('post', trigger.postId);
  if (trigger.storyReply) params.set('story', '1');
  return `/simulator?${params.toString()}`;
}

/** What the Simulator's URL asks it to prefill, or null for a plain visit. */
export function readSimulatorPrefill(params: URLSearchParams): SimulatorPrefill | null {
  const channel = params.get('try');
  const text = params.get('text')?.trim().slice(0, 2000);
  if ((channel !== 'comment' && channel !== 'dm') || !text) return null;
  const platform = params.get('platform');
  return {
    channel,
    text,
    platform: platform === 'instagram' || platform === 'facebook' || platform === 'twitter' ? platform : null,
    accountId: params.get('account'),
    postId: params.get('post'),
    flowName: params.get('flow')?.slice(0, 120) ?? null,
    storyReply: channel === 'dm' && params.get('story') === '1',
  };
}

/** The post to comment on: the one asked for, else one whose caption invites the keyword ("Comment GUIDE…"), else the first. */
export function postForPrefill(posts: readonly SimulatorPost[], prefill: SimulatorPrefill): SimulatorPost | null {
  const asked = prefill.postId ? posts.find((p) => p.externalId === prefill.postId) : undefined;
  if (asked) return asked;
  const word = prefill.text.toLowerCase();
  return posts.find((p) => p.caption.toLowerCase().includes(word)) ?? posts[0] ?? null;
}
