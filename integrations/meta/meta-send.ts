import { z } from 'zod';
import { createGraphClient, type GraphClient } from './graph-client';

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
  msg: { recipient: { id: string } | { comment_id: string }; text: string; humanAgentTag?: boolean; metadata?: string },
): Promise<{ messageId: string }> {
  const node = sender.loginPath === 'instagram' ? sender.externalId : (sender.pageId ?? sender.externalId);
  const body: Record<string, unknown> = {
    recipient: msg.recipient,
    message: { text: msg.text, ...(sender.platform === 'facebook' && msg.metadata ? { metadata: msg.metadata } : {}) },
  };
  if (msg.humanAgentTag) Object.assign(body, { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' });
  else if (sender.platform === 'facebook') body.messaging_type = 'RESPONSE';
  const res = await graphClientFor(sender, hosts).call('POST', `/${node}/messages`, sender.token, { json: body });
  return { messageId: sendResponse.parse(res).message_id };
}

/** Public reply under a comment (§2.4): Instagram `/{comment}/replies`, Facebook `/{comment}/comments`. */
export async function metaPublicReply(sender: MetaSender, hosts: MetaHosts, commentId: string, text: string): Promise<{ commentId: string }> {
  const edge = sender.platform === 'instagram' ? 'replies' : 'comments';
  const res = await graphClientFor(sender, hosts).call('POST', `/${encodeURIComponent(commentId)}/${edge}`, sender.token, { query: { message: text } });
  return { commentId: commentResponse.parse(res).id };
}
