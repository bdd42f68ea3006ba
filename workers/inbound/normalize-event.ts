import { sandboxEventSchema, type NormalizedEvent } from '../../contracts/inbound';
import { normalizeMeta } from './normalize-meta';
import { normalizeX } from './normalize-x';

export class MalformedEventError extends Error {}

/** Provider payload → NormalizedEvent, or a MalformedEventError saying what is wrong. */
export function normalizeEvent(provider: string, payload: unknown): NormalizedEvent {
  if (provider === 'meta' || provider === 'x') {
    try {
      return provider === 'meta' ? normalizeMeta(payload) : normalizeX(payload);
    } catch (err) {
      throw new MalformedEventError(err instanceof Error ? err.message : String(err));
    }
  }
  if (provider !== 'sandbox') throw new MalformedEventError(`No parser for provider "${provider}" yet`);
  const parsed = sandboxEventSchema.safeParse(payload);
  if (!parsed.success) {
    throw new MalformedEventError(parsed.error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`).join('; '));
  }
  const e = parsed.data;
  const from = { id: e.from.id, name: e.from.name, username: e.from.username ?? null };
  if (e.type === 'comment') {
    return {
      kind: 'comment',
      accountId: e.accountId,
      postId: e.postId,
      commentId: e.commentId,
      from,
      text: e.text,
      createdAt: e.createdAt,
      ...(e.live ? { live: true } : {}),
    };
  }
  // Taps and referrals take the same fields normalizeMeta gives Meta's postbacks and referrals.
  return {
    kind: 'message',
    accountId: e.accountId,
    messageId: e.messageId,
    from,
    text: e.text,
    createdAt: e.createdAt,
    ...(e.postbackPayload !== undefined ? { postbackPayload: e.postbackPayload } : {}),
    ...(e.referral ? { referral: e.referral } : {}),
    ...(e.referralOnly ? { referralOnly: true } : {}),
    ...(e.storyReply ? { storyReply: true } : {}),
  };
}
