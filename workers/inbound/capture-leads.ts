import type pg from 'pg';
import type { LeadActivity } from '../../db/leads/capture-lead';
import { recordLeadActivities } from '../../db/leads/record-lead-activities';
import type { EventTail } from '../../db/inbound/event-tail';
import type { Intent } from '../../workflows/classify-intent';
import { captureLead, engagementScore, type Inbound } from './capture-lead';
import type { AccountRow } from './conversations';

/** One comment's lead capture, as captureLead takes it. */
export interface LeadCapture {
  account: AccountRow;
  contactId: string;
  e: Extract<Inbound, { kind: 'comment' }>;
  opts: { intent: Intent; ruleFired: boolean; conversationId: string | null };
  tail: EventTail;
}

/**
 * captureLead for several comments, in order, with the first comment of each contact in ONE
 * statement (recordLeadActivities) instead of one each: the inbound batch's rule-answered comments.
 * A contact's later comments follow one by one (captureLead), so each counts on top of the one
 * before, as when every comment went alone; distinct contacts' leads do not read each other.
 * Comments only: a DM's reply count reads its conversation first (captureLead).
 */
export async function captureCommentLeads(client: pg.PoolClient, captures: LeadCapture[]): Promise<void> {
  const seen = new Set<string>();
  const first: LeadCapture[] = [];
  const later: LeadCapture[] = [];
  for (const c of captures) {
    if (seen.has(c.contactId)) later.push(c);
    else {
      seen.add(c.contactId);
      first.push(c);
    }
  }
  const engagements = await recordLeadActivities(client, first.map(activityOf));
  first.forEach((c, k) => {
    const engagement = engagements[k];
    if (!engagement) return;
    const score = engagementScore(engagement, new Date(c.e.createdAt));
    c.tail.leadScores.push({ leadId: engagement.id, score });
  });
  for (const c of later) await captureLead(client, c.account, c.contactId, c.e, c.opts, c.tail);
}

function activityOf(c: LeadCapture): LeadActivity {
  return {
    workspaceId: c.account.workspace_id,
    accountId: c.account.id,
    contactId: c.contactId,
    conversationId: c.opts.conversationId,
    name: c.e.from.name,
    handle: c.e.from.username ? `@${c.e.from.username}` : null,
    source: c.account.platform,
    at: new Date(c.e.createdAt),
    reply: 0,
    create: c.opts.ruleFired || c.opts.intent !== 'general',
  };
}
