import { SUSPENDED_REASON } from '../../contracts/admin';
import { PAUSED_REASON } from '../../contracts/takeover';
import { LIVE_PRIVATE_REPLY_HOURS, PRIVATE_REPLY_WINDOW_DAYS } from '../../contracts/platform-windows';
import { storeCommentBatch, type StoredComment } from '../../db/inbound/store-comments';
import type { InboundComment, InboundContext } from './context';

/**
 * Stage 2 of a batch: every comment of the batch and its contact, in one statement
 * (storeCommentBatch, ADR 0020). A comment seen before (a redelivery, or the same comment from a
 * second provider) comes back `inserted: false`: its rules already ran. The same comment twice in
 * one batch is stored by a second statement after the first, as it would be in a later batch.
 */
export async function storeComments(ctx: InboundContext, comments: InboundComment[]): Promise<StoredComment[]> {
  const seen = new Set<string>();
  const first: number[] = [];
  const again: number[] = [];
  comments.forEach(({ normalized: e, account }, i) => {
    const key = `${account.id}\u0000${e.commentId}`;
    (seen.has(key) ? again : first).push(i);
    seen.add(key);
  });
  const stored: StoredComment[] = [];
  for (const part of again.length === 0 ? [first] : [first, again]) {
    const rows = await storeCommentBatch(
      ctx.client,
      part.map((i) => {
        const { normalized: e, account } = comments[i]!;
        return {
          workspaceId: account.workspace_id,
          accountId: account.id,
          commentId: e.commentId,
          postId: e.postId,
          text: e.text,
          commentedAt: e.createdAt,
          from: e.from,
        };
      }),
    );
    part.forEach((i, k) => (stored[i] = rows[k]!));
  }
  return stored;
}

/**
 * Whether a newly stored comment may be answered at all (by rules, leads or flows). Meta allows a
 * private reply only within 7 days of the comment (docs/platform-apis.md §2.3): an older one (found
 * late by reconciliation, ADR 0014) is recorded and nothing answers it; the activity feed says so.
 * A contact who opted out (docs/platform-apis.md §2.11; read by storeCommentBatch's own statement) gets
 * nothing automated either: no private or public reply, no flow; nor does a contact a teammate took
 * over (contracts/takeover.ts; paused read by the same statement), nor any contact of a workspace
 * the instance operator suspended (ADR 0042). This is the one gate before a
 * comment's answers.
 */
export function mayAnswer(ev: InboundComment, stored: StoredComment): boolean {
  const e = ev.normalized;
  const who = e.from.username ? `@${e.from.username}` : e.from.name || e.from.id;
  // The workspace is suspended by the instance operator (ADR 0042; read by the batch's claim with the account).
  if (ev.account.suspended) {
    ev.tail.activities.push({
      action: 'comment_workspace_suspended',
      message: `Comment from ${who} recorded but not answered: ${SUSPENDED_REASON}`,
      intent: 'general',
    });
    return false;
  }
  if (ev.account.platform !== 'twitter' && stored.ageDays > PRIVATE_REPLY_WINDOW_DAYS) {
    ev.tail.activities.push({
      action: 'comment_outside_reply_window',
      message: `Comment from ${e.from.name || e.from.username || e.from.id} recorded but not answered: it is ${Math.floor(stored.ageDays)} days old, and Meta allows a private reply only within ${PRIVATE_REPLY_WINDOW_DAYS} days`,
      intent: 'general',
    });
    return false;
  }
  // A Live comment may be answered only during its broadcast (§2.3), which is over after 4 hours at most.
  if (e.live && stored.ageDays * 24 > LIVE_PRIVATE_REPLY_HOURS) {
    ev.tail.activities.push({
      action: 'comment_outside_reply_window',
      message: `Live comment from ${who} recorded but not answered: Meta allows a private reply to a Live comment only during the broadcast, and it is over`,
      intent: 'general',
    });
    return false;
  }
  if (stored.paused && !stored.optedOut) {
    ev.tail.activities.push({
      action: 'comment_contact_paused',
      message: `Comment from ${who} recorded but not answered: ${PAUSED_REASON}`,
      intent: 'general',
    });
    return false;
  }
  if (!stored.optedOut) return true;
  ev.tail.activities.push({
    action: 'comment_contact_opted_out',
    message: `Comment from ${who} recorded but not answered: they opted out, so nothing automated is sent until they reply START`,
    intent: 'general',
  });
  return false;
}
