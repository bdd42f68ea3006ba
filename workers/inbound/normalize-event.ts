import { sandboxEventSchema, type NormalizedEvent } from '../../contracts/inbound';

export class MalformedEventError extends Error {}

/** Provider payload → NormalizedEvent, or a MalformedEventError saying what is wrong. */
export function normalizeEvent(provider: string, payload: unknown): NormalizedEvent {
  if (provider !== 'sandbox') {
    // Meta and X payloads are normalised by their own parsers (platforms issue).
    throw new MalformedEventError(`No parser for provider "${provider}" yet`);
  }
  const parsed = sandboxEventSchema.safeParse(payload);
  if (!parsed.success) {
    throw new MalformedEventError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`).join('; '),
    );
  }
  const e = parsed.data;
  const from = { id: e.from.id, name: e.from.name, username: e.from.username ?? null };
  return e.type === 'comment'
    ? { kind: 'comment', accountId: e.accountId, postId: e.postId, commentId: e.commentId, from, text: e.text, createdAt: e.createdAt }
    : { kind: 'message', accountId: e.accountId, messageId: e.messageId, from, text: e.text, createdAt: e.createdAt };
}
