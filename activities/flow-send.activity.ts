import { SUSPENDED_REASON } from '../contracts/admin';
import type pg from 'pg';
import { MESSAGING_WINDOW_MS } from '../contracts/platform-windows';
import { ensureConversation } from '../db/inbox/ensure-conversation';
import { readSendContact, readSendState, sendKeyTaken } from '../db/sends/flow-send-rows';
import { queueOutboundMessage } from '../db/sends/queue-outbound-message';
import type { SendLimits } from '../db/sends/send-limits';
import type { LinkTracking } from '../db/links/wrap-tracked-links';
import type { ActivityOutcome } from './activity-outcome';
import { deliverInTransaction, type Sender } from './send-outbound.activity';
import type { SendOutcome } from '../contracts/send-outcome';
import { OPTED_OUT_NOTE } from '../contracts/opt-out';
import { PAUSED_REASON } from '../contracts/takeover';
import type { ReplyOptions } from '../contracts/reply-options';

type Db = Pick<pg.PoolClient, 'query'>;

export interface FlowSendRequest {
  runId: string;
  seq: number;
  workspaceId: string;
  account: { id: string; platform: 'instagram' | 'facebook' | 'twitter' };
  contactId: string;
  trigger: { type: string; commentId?: string | null };
  activity: { type: 'sendDm'; channel: 'instagram' | 'facebook' | 'twitter'; text: string } | { type: 'publicReply'; text: string };
  /** The DM node's quick replies and buttons (null for none, and never on a public reply). */
  replyOptions?: ReplyOptions | null;
  /** Wrap the DM's URLs as tracked links (a DM node with "Track links" on); never for a public reply. */
  tracking?: LinkTracking | null;
}

export type PreparedSend = { ledgerId: string; scheduledFor: Date } | { error: string };

const channelName = { instagram: 'Instagram', facebook: 'Messenger', twitter: 'X' } as const;

/**
 * First half of a flow's send, inside the driver's transaction: the outbound ledger row keyed
 * `runId:seq` (so a retried job finds it and never sends twice), the outbound message in the
 * contact's conversation, and the account's next rate-limit slot. A comment-triggered run's first
 * DM to someone who has not messaged us is Meta's one private reply to that comment. Nothing is
 * sent to a contact who opted out (docs/platform-apis.md §2.11) or whom a teammate took over
 * (contracts/takeover.ts): the step fails with that reason.
 */
export async function prepareFlowSend(db: Db, req: FlowSendRequest, limits: SendLimits, now: Date): Promise<PreparedSend> {
  const { activity, account } = req;
  if (activity.type === 'sendDm' && activity.channel !== account.platform) {
    return { error: `A ${channelName[activity.channel]} DM step can't message a ${channelName[account.platform]} contact` };
  }
  const contact = await readSendContact(db, req.contactId);
  // Read in the run's transaction, just before the ledger row: a STOP that arrived while the run slept stops it here.
  if (contact.opted_out_at !== null) return { error: `Not sent: contact opted out (${OPTED_OUT_NOTE.replace(/^Opted out: /, '')})` };
  // Human takeover (contracts/takeover.ts): the step fails with the reason, as for an opt-out; the run
  // does not wait for Resume (a step days later would answer a conversation that has moved on).
  if (contact.automation_paused) return { error: `Not sent: ${PAUSED_REASON}` };
  // Suspended by the instance operator (ADR 0042): the timer pump holds sleeping runs, so this is a
  // run already moving when the suspension committed (a queued resume, an AI or webhook step's end).
  if (contact.workspace_suspended) return { error: `Not sent: ${SUSPENDED_REASON}` };

  let kind: 'dm' | 'private_reply' | 'public_reply';
  let target: string;
  let key = `${req.runId}:${req.seq}`;
  if (activity.type === 'publicReply') {
    if (!req.trigger.commentId) return { error: 'A public reply needs a comment to answer; this run was not started by a comment' };
    kind = 'public_reply';
    target = req.trigger.commentId;
  } else {
    const windowOpen = contact.last_inbound_at !== null && now.getTime() - contact.last_inbound_at.getTime() < MESSAGING_WINDOW_MS;
    if (req.trigger.type === 'comment' && req.trigger.commentId && account.platform !== 'twitter' && !windowOpen) {
      if (await sendKeyTaken(db, `private_reply:${account.id}:${req.trigger.commentId}`)) {
        return {
          error: "This commenter hasn't messaged you, and the comment already got its one private reply; Meta allows no other DM until they write back",
        };
      }
      kind = 'private_reply';
      target = req.trigger.commentId;
      key = `private_reply:${account.id}:${req.trigger.commentId}`;
    } else {
      kind = 'dm';
      target = contact.external_user_id;
    }
  }

  const conversationId =
    kind === 'public_reply'
      ? null
      : await ensureConversation(db, {
          workspaceId: req.workspaceId,
          accountId: account.id,
          platform: account.platform,
          contactId: req.contactId,
          externalUserId: contact.external_user_id,
          name: contact.name,
          username: contact.username,
        });
  const queued = await queueOutboundMessage(db, {
    workspaceId: req.workspaceId,
    accountId: account.id,
    conversationId,
    text: activity.text,
    source: 'flow',
    kind,
    target,
    idempotencyKey: key,
    limit: limits[kind],
    scheduleJob: false,
    trackLinks: kind === 'public_reply' ? null : (req.tracking ?? null),
    replyOptions: kind === 'public_reply' ? null : (req.replyOptions ?? null),
  });
  if (!queued) return { error: 'This send was already made once (idempotency key taken); not sending it again' };
  return { ledgerId: queued.ledgerId, scheduledFor: queued.scheduledFor };
}

/** Second half, outside the transaction: deliver through the account's channel, at most once. */
export async function deliverFlowSend(pool: pg.Pool, sender: Sender, ledgerId: string): Promise<ActivityOutcome> {
  return outcomeOf(pool, ledgerId, await sender.send(ledgerId));
}

/**
 * The sandbox's second half inside the driver's own transaction: delivery, "sent" and the step's
 * result commit together (exactly once, one commit per run instead of three).
 */
export async function deliverSandboxFlowSend(client: pg.PoolClient, ledgerId: string): Promise<ActivityOutcome> {
  return outcomeOf(client, ledgerId, await deliverInTransaction(client, ledgerId));
}

async function outcomeOf(db: Db, ledgerId: string, outcome: SendOutcome): Promise<ActivityOutcome> {
  if (outcome.status === 'rescheduled') return { ok: false, retryable: true, rateLimited: true, retryAt: outcome.retryAt, error: outcome.error };
  if (outcome.status === 'missing') return { ok: false, retryable: false, error: 'The send disappeared from the outbound ledger' };
  if (outcome.status === 'failed') return { ok: false, retryable: false, error: outcome.error };
  const row = await readSendState(db, ledgerId);
  if (row.status === 'sent') {
    return { ok: true, output: { ledgerId, kind: row.kind, messageId: row.message_id, platformMessageId: row.platform_message_id } };
  }
  return { ok: false, retryable: false, error: row.error ?? `Send is ${row.status}; not sending it again` };
}
