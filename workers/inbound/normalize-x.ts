import type { NormalizedEvent } from '../../contracts/inbound';
import { xDmEventSchema, xStoredEventSchema, xTweetSchema } from '../../contracts/x-webhooks';
import { PayloadError } from './payload-error';

/**
 * One stored X event → NormalizedEvent (docs/platform-apis.md §4.4): a DM from someone is a message; a
 * DM the account sent (also delivered by X) is an echo; a post replying to or mentioning the
 * account is a comment on the post it replies to (or on itself), a trigger like any comment.
 */
export function normalizeX(payload: unknown): NormalizedEvent {
  const stored = xStoredEventSchema.safeParse(payload);
  if (!stored.success) throw new PayloadError(`X event: ${stored.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const { accountId, forUserId, item } = stored.data;
  if (!accountId) throw new PayloadError(`No connected X account with id ${forUserId}`);

  if (item.type === 'dm') {
    const dm = xDmEventSchema.safeParse(item.event);
    if (!dm.success || !dm.data.message_create) throw new PayloadError('X DM event without message_create');
    const mc = dm.data.message_create;
    const createdAt = new Date(Number(dm.data.created_timestamp)).toISOString();
    if (mc.sender_id === forUserId) {
      return { kind: 'echo', accountId, messageId: dm.data.id, to: { id: mc.target.recipient_id }, text: mc.message_data.text, createdAt, metadata: null };
    }
    return {
      kind: 'message',
      accountId,
      messageId: dm.data.id,
      from: { id: mc.sender_id, name: item.sender?.name ?? '', username: item.sender?.screen_name ?? null },
      text: mc.message_data.text,
      createdAt,
    };
  }
  const t = xTweetSchema.safeParse(item.tweet);
  if (!t.success) throw new PayloadError('X post event is malformed');
  const tw = t.data;
  const ms = tw.timestamp_ms ? Number(tw.timestamp_ms) : tw.created_at ? Date.parse(tw.created_at) : NaN;
  return {
    kind: 'comment',
    accountId,
    postId: tw.in_reply_to_status_id_str ?? tw.id_str,
    commentId: tw.id_str,
    from: { id: tw.user.id_str, name: tw.user.name ?? '', username: tw.user.screen_name ?? null },
    // Long posts: the text is cut at 140, the whole of it is in extended_tweet (§4.4).
    text: tw.extended_tweet?.full_text ?? tw.text,
    createdAt: new Date(Number.isFinite(ms) ? ms : Date.now()).toISOString(),
  };
}
