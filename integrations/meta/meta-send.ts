import { z } from 'zod';
import { createGraphClient, type GraphClient } from './graph-client';
import type { ReplyOptions } from '../../contracts/reply-options';
import { accountProfileSchema } from '../../contracts/social-accounts';

export interface MetaHosts {
  graphBaseUrl: string;
  instagramGraphBaseUrl: string;
  graphApiVersion: string;
  timeoutMs: number;
}

/** A connected Meta account as the Send API needs it. */
export interface MetaSender {
  platform: 'facebook' | 'instagram';
  /** Page id, or Instagram professional account id. */
  externalId: string;
  /** Facebook Login (Page token, graph.facebook.com) or Instagram Login (IG token, graph.instagram.com). */
  loginPath: 'facebook' | 'instagram';
  /** The Page an Instagram account is linked to (Facebook Login path). */
  pageId: string | null;
  token: string;
}

/** A stored Meta account's columns the Send API's sender is made of. */
export interface MetaAccountColumns {
  platform: string;
  external_id: string;
  linked_external_id: string | null;
  profile: unknown;
}

/** The sender for a stored account and its decrypted token: the Login path from its profile (Facebook Login unless it says otherwise). */
export function metaSenderOf(account: MetaAccountColumns, token: string): MetaSender {
  const profile = accountProfileSchema.safeParse(account.profile ?? {});
  return {
    platform: account.platform === 'facebook' ? 'facebook' : 'instagram',
    externalId: account.external_id,
    loginPath: (profile.success ? profile.data.loginPath : undefined) ?? 'facebook',
    pageId: account.platform === 'instagram' ? account.linked_external_id : account.external_id,
    token,
  };
}

export function graphClientFor(sender: Pick<MetaSender, 'loginPath'>, hosts: MetaHosts): GraphClient {
  return sender.loginPath === 'instagram'
    ? createGraphClient({ baseUrl: hosts.instagramGraphBaseUrl, version: hosts.graphApiVersion, timeoutMs: hosts.timeoutMs, auth: 'bearer' })
    : createGraphClient({ baseUrl: hosts.graphBaseUrl, version: hosts.graphApiVersion, timeoutMs: hosts.timeoutMs, auth: 'query' });
}

/** Messenger: 2,000 characters; Instagram: 1,000 UTF-8 bytes (docs/platform-apis.md §2.1, §2.2). */
export function metaTextLimitError(platform: 'facebook' | 'instagram', text: string): string | null {
  if (platform === 'instagram' && Buffer.byteLength(text, 'utf8') > 1000) return 'Message is longer than Instagram allows (1,000 bytes)';
  if (platform === 'facebook' && [...text].length > 2000) return 'Message is longer than Messenger allows (2,000 characters)';
  if (text.trim() === '') return 'Message is empty';
  return null;
}

const sendResponse = z.object({ message_id: z.string(), recipient_id: z.string().optional() }).loose();
const commentResponse = z.object({ id: z.string() }).loose();

/**
 * Send API (§2.1–§2.3): a DM by `recipient.id` or a private reply by `recipient.comment_id`.
 * Facebook Login path posts to `/{page-id}/messages` with the Page token (Instagram too, through its
 * linked Page); Instagram Login posts to `/{ig-id}/messages` on graph.instagram.com.
 * `metadata` (Messenger only) comes back in the echo, which is how we recognise our own sends.
 */
export async function metaSendMessage(
  sender: MetaSender,
  hosts: MetaHosts,
  msg: {
    recipient: { id: string } | { comment_id: string };
    text: string;
    humanAgentTag?: boolean;
    metadata?: string;
    options?: ReplyOptions | null;
  },
): Promise<{ messageId: string }> {
  const node = sender.loginPath === 'instagram' ? sender.externalId : (sender.pageId ?? sender.externalId);
  const body: Record<string, unknown> = {
    recipient: msg.recipient,
    message: { ...metaMessageContent(msg.text, msg.options ?? null), ...(sender.platform === 'facebook' && msg.metadata ? { metadata: msg.metadata } : {}) },
  };
  if (msg.humanAgentTag) Object.assign(body, { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' });
  else if (sender.platform === 'facebook') body.messaging_type = 'RESPONSE';
  const res = await graphClientFor(sender, hosts).call('POST', `/${node}/messages`, sender.token, { json: body });
  return { messageId: sendResponse.parse(res).message_id };
}

/**
 * The `message` of a Send API call (§2.5): text with `quick_replies` (text ones carry their title as
 * the payload, so a tap reads like the typed answer; `user_email` / `user_phone_number` are filled by
 * Meta from the profile), or a button template (text ≤ 640, 1–3 `web_url` / `postback` buttons).
 */
export function metaMessageContent(text: string, options: ReplyOptions | null): Record<string, unknown> {
  if (options && options.buttons.length > 0) {
    const buttons = options.buttons.map((b) =>
      b.type === 'web_url' ? { type: 'web_url', title: b.title, url: b.url } : { type: 'postback', title: b.title, payload: b.payload || b.title },
    );
    return { attachment: { type: 'template', payload: { template_type: 'button', text, buttons } } };
  }
  const quick = [
    ...(options?.quickReplies ?? []).map((t) => ({ content_type: 'text', title: t, payload: t })),
    ...(options?.contactQuickReplies ?? []).map((k) => ({ content_type: k })),
  ];
  return quick.length > 0 ? { text, quick_replies: quick } : { text };
}

/** Public reply under a comment (§2.4): Instagram `/{comment}/replies`, Facebook `/{comment}/comments`. */
export async function metaPublicReply(sender: MetaSender, hosts: MetaHosts, commentId: string, text: string): Promise<{ commentId: string }> {
  const edge = sender.platform === 'instagram' ? 'replies' : 'comments';
  const res = await graphClientFor(sender, hosts).call('POST', `/${encodeURIComponent(commentId)}/${edge}`, sender.token, { query: { message: text } });
  return { commentId: commentResponse.parse(res).id };
}
