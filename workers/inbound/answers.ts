import { classifyIntent } from '../../workflows/classify-intent';
import { insertTriggeredRuns, matchingTriggers } from '../flows/triggers';
import { captureCommentLeads } from './capture-leads';
import { triggersOf, type InboundComment, type InboundContext } from './context';

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
    const event = { kind: 'comment' as const, text: e.text, commentId: e.commentId, postId: e.postId, live: e.live === true };
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
