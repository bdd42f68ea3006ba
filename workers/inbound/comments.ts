import { PRIVATE_REPLY_WINDOW_DAYS } from '../../contracts/platform-windows';
import { storeCommentBatch, type StoredComment } from '../../db/inbound/store-comments';
import { classifyIntent } from '../../workflows/classify-intent';
import { insertTriggeredRuns, matchingTriggers } from '../flows/triggers';
import { captureCommentLeads } from './capture-leads';
import { triggersOf, type InboundComment, type InboundContext } from './context';

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
 * This is the one gate before a comment's answers: a contact's pause or opt-out joins it here.
 */
export function mayAnswer(ev: InboundComment, stored: StoredComment): boolean {
  if (ev.account.platform === 'twitter' || stored.ageDays <= PRIVATE_REPLY_WINDOW_DAYS) return true;
  const e = ev.normalized;
  ev.tail.activities.push({
    action: 'comment_outside_reply_window',
    message: `Comment from ${e.from.name || e.from.username || e.from.id} recorded but not answered: it is ${Math.floor(stored.ageDays)} days old, and Meta allows a private reply only within ${PRIVATE_REPLY_WINDOW_DAYS} days`,
    intent: 'general',
  });
  return false;
}

/**
 * Stage 5 of a batch: after the rules (rule-replies.ts), each answerable comment's lead — the first
 * comment of each contact in one statement (captureCommentLeads) — then its flows: a comment the
 * rules answered used its one private reply, so the flows it would start do not start
 * (ARCHITECTURE.md#rules-and-flows; the activity feed says which); any other starts its flows.
 */
export async function answerComments(ctx: InboundContext, answered: { ev: InboundComment; contactId: string; repliedIn: string | null }[]): Promise<void> {
  await captureCommentLeads(
    ctx.client,
    answered.map(({ ev, contactId, repliedIn }) => ({
      account: ev.account,
      contactId,
      e: ev.normalized,
      opts: { intent: classifyIntent(ev.normalized.text), ruleFired: repliedIn !== null, conversationId: repliedIn },
      tail: ev.tail,
    })),
  );
  for (const { ev, contactId, repliedIn } of answered) {
    const { normalized: e, account, prefetched, tail } = ev;
    const event = { kind: 'comment' as const, text: e.text, commentId: e.commentId, postId: e.postId };
    if (repliedIn === null) {
      await insertTriggeredRuns(ctx.client, account, contactId, event, triggersOf(prefetched), tail.startedRuns);
      continue;
    }
    for (const { row } of await matchingTriggers(ctx.client, account, event, triggersOf(prefetched))) {
      tail.activities.push({
        action: 'flow_skipped_rule_answered',
        message: `Flow "${row.flow_name}" not started for ${e.from.name || e.from.id}'s comment: a comment rule already answered it`,
        intent: 'general',
      });
    }
  }
}
