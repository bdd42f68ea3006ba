import { moderationReasonText, type ModerationSettings } from '../../contracts/comment-moderation';
import { countRepeats, parseModerationSettings, queueModerations, readModerationSettings, type NewModeration } from '../../db/moderation/comment-moderations';
import type { StoredComment } from '../../db/inbound/store-comments';
import { moderationReason } from '../../workflows/moderate-comment';
import type { InboundComment, InboundContext } from './context';

/**
 * Stage 2b of a batch (ADR 0052): the new comments the account's moderation settings catch are
 * queued to be hidden or deleted (a `comments.moderate` job each, in this transaction) and are not
 * answered by rules or flows. The settings came with the claim's account row; the repeat count is
 * read, in one statement for the batch, only for comments whose account has the repeat rule on; the
 * moderations are written in one statement. A batch with no moderated account costs nothing more.
 * Returns, per comment, whether it was moderated.
 */
export async function moderateComments(ctx: InboundContext, comments: InboundComment[], stored: StoredComment[]): Promise<boolean[]> {
  const moderated = comments.map(() => false);
  const settings = await settingsOf(ctx, comments);
  const candidates = comments.flatMap((ev, i) => {
    const s = settings[i];
    // X replies are not moderated here; a suspended workspace's automation does nothing (ADR 0042).
    return s?.enabled && stored[i]!.inserted && ev.account.platform !== 'twitter' && !ev.account.suspended ? [{ ev, i, s }] : [];
  });
  if (candidates.length === 0) return moderated;
  const counted = candidates.filter((c) => c.s.repeatLimit !== null);
  const counts = await countRepeats(
    ctx.client,
    counted.map(({ ev, i }) => ({
      accountId: ev.account.id,
      contactId: stored[i]!.contactId,
      commentId: ev.normalized.commentId,
      commentedAt: ev.normalized.createdAt,
    })),
  );
  const repeatOf = new Map(counted.map((c, k) => [c.i, counts[k] ?? null]));
  const queued: NewModeration[] = [];
  for (const { ev, i, s } of candidates) {
    const reason = moderationReason(s, ev.normalized.text, repeatOf.get(i) ?? null);
    if (!reason) continue;
    moderated[i] = true;
    const e = ev.normalized;
    const author = e.from.username ? `@${e.from.username}` : e.from.name || e.from.id;
    const why = moderationReasonText(reason);
    queued.push({
      workspaceId: ev.account.workspace_id,
      accountId: ev.account.id,
      commentId: e.commentId,
      text: e.text,
      author,
      action: s.action,
      reason: why,
    });
    ev.tail.activities.push({
      action: 'comment_moderated',
      message: `Comment from ${author} will be ${s.action === 'hide' ? 'hidden' : 'deleted'}: ${why}; no rule or flow answers it`,
      intent: 'general',
    });
  }
  await queueModerations(ctx.client, queued);
  return moderated;
}

async function settingsOf(ctx: InboundContext, comments: InboundComment[]): Promise<Array<ModerationSettings | null>> {
  const unread = [...new Set(comments.filter((ev) => ev.prefetched.moderation === undefined).map((ev) => ev.account.id))];
  const read = unread.length > 0 ? await readModerationSettings(ctx.client, unread) : new Map<string, ModerationSettings | null>();
  return comments.map((ev) => (ev.prefetched.moderation === undefined ? (read.get(ev.account.id) ?? null) : parseModerationSettings(ev.prefetched.moderation)));
}
