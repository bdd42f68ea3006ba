import type { z } from 'zod';
import type { NormalizedEvent } from '../../contracts/inbound';
import { fbFeedValueSchema, igCommentValueSchema, metaMessagingItemSchema, metaStoredEventSchema, metaTimeToIso } from '../../contracts/meta-webhooks';
import { PayloadError } from './payload-error';

function parse<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw new PayloadError(`${what}: ${r.error.issues.map((i) => `${i.path.join('.') || 'value'}: ${i.message}`).join('; ')}`);
  return r.data;
}

/**
 * One stored Meta event (a messaging item or a change, see integrations/meta/split-webhook.ts) →
 * NormalizedEvent (docs/platform-apis.md §1.4–§1.6). Attachments without text become a short label, so
 * the inbox shows that something arrived.
 */
export function normalizeMeta(payload: unknown): NormalizedEvent {
  const stored = parse(metaStoredEventSchema, payload, 'Meta event');
  if (!stored.accountId)
    throw new PayloadError(`No connected ${stored.object === 'page' ? 'Facebook Page' : 'Instagram account'} with id ${stored.accountExternalId}`);
  const accountId = stored.accountId;

  if (stored.item.type === 'messaging') {
    const m = parse(metaMessagingItemSchema, stored.item.event, 'Meta messaging item');
    const createdAt = metaTimeToIso(m.timestamp);
    if (m.message?.is_echo) {
      return {
        kind: 'echo',
        accountId,
        messageId: m.message.mid,
        to: { id: m.recipient.id },
        text: messageText(m.message),
        createdAt,
        metadata: m.message.metadata ?? null,
      };
    }
    const from = { id: m.sender.id, name: '', username: null };
    if (m.message) {
      return {
        kind: 'message',
        accountId,
        messageId: m.message.mid,
        from,
        text: messageText(m.message),
        createdAt,
        ...(m.message.reply_to?.story ? { storyReply: true } : {}),
        ...(isStoryMention(m.message) ? { storyMention: true } : {}),
        ...(m.message.quick_reply ? { quickReplyPayload: m.message.quick_reply.payload } : {}),
        ...referralOf(m.message.referral ?? m.referral),
      };
    }
    if (m.postback) {
      return {
        kind: 'message',
        accountId,
        messageId: m.postback.mid ?? `postback:${m.sender.id}:${m.timestamp}`,
        from,
        text: m.postback.title ?? m.postback.payload ?? '',
        createdAt,
        ...(m.postback.payload !== undefined ? { postbackPayload: m.postback.payload } : {}),
        ...referralOf(m.postback.referral ?? m.referral),
      };
    }
    // `messaging_referrals`: a person with a thread already opened it again from a link (§1.9). It
    // carries no message id, so the id is made from the sender and time: a redelivery is the same row.
    const referral = referralOf(m.referral);
    if (referral.referral) {
      return {
        kind: 'message',
        accountId,
        messageId: `referral:${m.sender.id}:${m.timestamp}`,
        from,
        text: `Opened the conversation from a link (ref ${referral.referral.ref})`,
        createdAt,
        ...referral,
        referralOnly: true,
      };
    }
    throw new PayloadError('Meta messaging item has neither message, postback nor referral');
  }

  const { field, value } = stored.item;
  if (stored.object === 'instagram' && (field === 'comments' || field === 'live_comments')) {
    const v = parse(igCommentValueSchema, value, 'Instagram comment');
    // A Live comment comes as the `live_comments` field; its media's product type is LIVE (§1.6).
    const live = field === 'live_comments' || v.media.media_product_type === 'LIVE';
    return {
      kind: 'comment',
      accountId,
      postId: v.media.id,
      commentId: (v.id ?? v.comment_id)!,
      from: { id: v.from.id, name: '', username: v.from.username ?? null },
      text: v.text,
      // The comments field carries no timestamp of its own; entry.time is when Meta emitted it.
      createdAt: metaTimeToIso(stored.entryTime),
      ...(live ? { live: true } : {}),
    };
  }
  if (stored.object === 'page' && field === 'feed') {
    const v = parse(fbFeedValueSchema, value, 'Facebook feed change');
    if (v.item !== 'comment' || v.verb !== 'add' || !v.comment_id || !v.post_id || !v.from) {
      throw new PayloadError(`Facebook feed change is not a new comment (item ${v.item}, verb ${v.verb})`);
    }
    return {
      kind: 'comment',
      accountId,
      postId: v.post_id,
      commentId: v.comment_id,
      from: { id: v.from.id, name: v.from.name ?? '', username: null },
      text: v.message ?? '',
      createdAt: metaTimeToIso(v.created_time ?? stored.entryTime),
    };
  }
  throw new PayloadError(`Unsupported Meta ${stored.object} change field "${field}"`);
}

/** A referral with a ref (an ad without one starts nothing of ours, so it is left out). */
function referralOf(r: { ref?: string | undefined; source?: string | undefined } | undefined): { referral?: { ref: string; source: string | null } } {
  return r?.ref ? { referral: { ref: r.ref, source: r.source ?? null } } : {};
}

/**
 * Instagram sends a story that mentions the account as a message whose attachment has type
 * `story_mention` (docs/platform-apis.md §1.6). The attachment's payload is not kept.
 */
function isStoryMention(message: { attachments?: { type: string }[] | undefined }): boolean {
  return (message.attachments ?? []).some((a) => a.type === 'story_mention');
}

function messageText(message: { text?: string | undefined; attachments?: { type: string }[] | undefined }): string {
  if (message.text) return message.text;
  if (isStoryMention(message)) return 'Mentioned you in their story';
  const types = (message.attachments ?? []).map((a) => a.type);
  return types.length > 0 ? `[${types.join(', ')}]` : '';
}
