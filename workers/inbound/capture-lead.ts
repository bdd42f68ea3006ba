import type pg from 'pg';
import type { NormalizedEvent } from '../../contracts/inbound';
import { hasOutboundMessage, recordLeadActivity, setLeadScore } from '../../db/leads/capture-lead';
import type { Intent } from '../../workflows/classify-intent';
import { leadScore } from '../../workflows/lead-score';
import type { AccountRow } from './conversations';
import type { EventTail } from '../../db/inbound/event-tail';

export type Inbound = Extract<NormalizedEvent, { kind: 'message' | 'comment' }>;

/**
 * Leads from inbound activity (docs/product-spec.md §3: an intent other than general is a potential
 * lead): a comment that fired a rule, or a comment or DM with buying intent, makes the contact's
 * lead; any other comment or DM from a contact who already is a lead only counts towards its
 * score. A lead made here starts from the contact's earlier DMs, replies, comments and clicks
 * (recordLeadActivity), as a Capture lead step's does. Runs in the event's transaction (ARCHITECTURE.md#inbound-pipeline), after the comment or
 * message insert that dedupes redeliveries, so a retried event never counts or creates twice.
 * A flow's Capture lead step saves an email on the same lead (db/leads/capture-lead.ts saveCapturedLead).
 */
export async function captureLead(
  client: pg.PoolClient,
  account: AccountRow,
  contactId: string,
  e: Inbound,
  /** `hasOutbound`: whether the conversation has an outbound message, when the caller read it already. */
  opts: { intent: Intent; ruleFired: boolean; conversationId: string | null; hasOutbound?: boolean },
  /** The event's deferred writes: the score goes with its processed mark (db/inbound/event-tail.ts). */
  tail?: EventTail,
): Promise<void> {
  const reply = e.kind === 'message' && opts.conversationId !== null && (opts.hasOutbound ?? (await hasOutboundMessage(client, opts.conversationId))) ? 1 : 0;
  const at = new Date(e.createdAt);
  const engagement = await recordLeadActivity(client, {
    workspaceId: account.workspace_id,
    accountId: account.id,
    contactId,
    conversationId: opts.conversationId,
    name: e.from.name,
    handle: e.from.username ? `@${e.from.username}` : null,
    source: account.platform,
    at,
    reply,
    create: opts.ruleFired || opts.intent !== 'general',
  });
  if (!engagement) return;
  const score = engagementScore(engagement, at);
  if (tail) tail.leadScores.push({ leadId: engagement.id, score });
  else await setLeadScore(client, engagement.id, score);
}

/** A lead's score from the counters its activity statement returned, as of the event's time. */
export function engagementScore(
  engagement: { inbound_count: number; reply_count: number; link_clicks: number; last_activity_at: Date | null },
  at: Date,
): number {
  return leadScore(
    {
      inboundMessages: engagement.inbound_count,
      replies: engagement.reply_count,
      linkClicks: engagement.link_clicks,
      lastActivityAt: engagement.last_activity_at,
    },
    at,
  );
}
