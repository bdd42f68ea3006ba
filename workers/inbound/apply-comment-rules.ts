import type pg from 'pg';
import { z } from 'zod';
import type { NormalizedEvent } from '../../contracts/inbound';
import { ensureConversation } from '../../db/pipeline/ensure-conversation';
import { queueOutboundMessage } from '../../db/pipeline/queue-outbound-message';
import type { EventTail } from '../../db/pipeline/event-tail';
import { activeCommentRulesJsonSql } from '../../db/comment-rules/active-rules';
import { matchKeyword } from '../../workflows/match-keywords';
import { renderTemplate } from '../../workflows/render-template';
import type { AccountRow } from './conversations';
import type { SendLimits } from '../../db/pipeline/send-limits';

/** Where tracked links point: PUBLIC_URL, or the web server's own URL in development; null: not wrapped. */
export type LinkBase = () => string | null;
export const noLinkBase: LinkBase = () => null;

const ruleRow = z.object({
  id: z.string(),
  automation_type: z.string(),
  post_id: z.string().nullable(),
  track_links: z.boolean(),
  keywords: z.array(z.string()),
  response_template: z.string(),
  public_reply_template: z.string().nullable(),
});

/**
 * Comment Growth (docs/product-spec.md §2): the first active rule for this platform and post whose keyword the
 * comment contains sends ONE private-reply DM (Meta allows one per comment, within 7 days —
 * docs/platform-apis.md §2.3), plus an optional public reply. Keyed by comment id in the ledger, so a
 * redelivered or reprocessed comment can never reply twice. Returns the conversation the reply was
 * queued in (the rule fired), or null.
 */
export async function applyCommentRules(
  client: pg.PoolClient,
  account: AccountRow,
  contactId: string,
  e: Extract<NormalizedEvent, { kind: 'comment' }>,
  limits: SendLimits,
  links: LinkBase,
  tail: EventTail,
  /** The account's active rules for its platform, oldest first, read with the event (activeCommentRulesJsonSql). */
  prefetched?: unknown,
): Promise<string | null> {
  if (account.platform === 'twitter') return null;
  const all =
    prefetched ?? (await client.query(`select ${activeCommentRulesJsonSql('$1', '$2')} as rules`, [account.workspace_id, account.platform])).rows[0]?.rules;
  const hit = pickCommentRule(all, e);
  if (!hit) {
    tail.activities.push({ action: 'comment_received', message: `Comment from ${e.from.name || e.from.id}: no rule matched`, intent: 'general' });
    return null;
  }

  const contact = { name: e.from.name, username: e.from.username };
  const text = renderTemplate(hit.rule.response_template, contact);
  const conversationId = await ensureConversation(client, {
    workspaceId: account.workspace_id,
    accountId: account.id,
    platform: account.platform,
    contactId,
    externalUserId: e.from.id,
    name: e.from.name,
    username: e.from.username,
  });
  const queued = await queueOutboundMessage(client, {
    workspaceId: account.workspace_id,
    accountId: account.id,
    conversationId,
    text,
    source: 'comment_rule',
    kind: 'private_reply',
    target: e.commentId,
    idempotencyKey: `private_reply:${account.id}:${e.commentId}`,
    ruleId: hit.rule.id,
    limit: limits.private_reply,
    trackLinks: trackingFor(hit.rule.track_links, links, hit.rule.id, contactId),
  });
  if (!queued) return null; // already replied to this comment (ledger key taken): nothing was written
  if (hit.rule.public_reply_template) {
    await queueOutboundMessage(client, {
      workspaceId: account.workspace_id,
      accountId: account.id,
      conversationId: null,
      text: renderTemplate(hit.rule.public_reply_template, contact),
      source: 'comment_rule',
      kind: 'public_reply',
      target: e.commentId,
      idempotencyKey: `public_reply:${account.id}:${e.commentId}`,
      ruleId: hit.rule.id,
      limit: limits.public_reply,
    });
  }
  tail.activities.push(ruleMatchedActivity(hit.keyword, e, account.id));
  return conversationId;
}

export type CommentRule = z.infer<typeof ruleRow>;

/** The first of the account's active rules (oldest first, activeCommentRulesJsonSql) for this comment's post whose keyword it contains. */
export function pickCommentRule(rules: unknown, e: Pick<Extract<NormalizedEvent, { kind: 'comment' }>, 'postId' | 'text'>) {
  for (const rule of z.array(ruleRow).parse(rules)) {
    if (!(rule.automation_type === 'all_posts' || (rule.post_id !== null && rule.post_id === e.postId))) continue;
    const keyword = matchKeyword(e.text, rule.keywords);
    if (keyword) return { rule, keyword };
  }
  return undefined;
}

/**
 * The activity line of a rule that queued its private reply. It names the reply's ledger key, not
 * its status: the feed shows the status the reply has when it is read (db/automation/activity-lines.ts),
 * so a reply delivered a second later reads "sent", not "queued".
 */
export function ruleMatchedActivity(keyword: string, e: Pick<Extract<NormalizedEvent, { kind: 'comment' }>, 'from' | 'commentId'>, accountId: string) {
  return {
    action: 'comment_rule_matched',
    message: `"${keyword}" from ${e.from.name || e.from.id} matched a rule`,
    intent: 'lead',
    ledgerKey: `private_reply:${accountId}:${e.commentId}`,
  };
}

function trackingFor(on: boolean, links: LinkBase, ruleId: string, contactId: string) {
  const baseUrl = on ? links() : null;
  return baseUrl ? { baseUrl, ruleId, contactId } : null;
}
