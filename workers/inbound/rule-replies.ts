import { z } from 'zod';
import type { NormalizedEvent } from '../../contracts/inbound';
import { readActiveCommentRules } from '../../db/comment-rules/active-rules';
import { ensureConversation } from '../../db/inbox/ensure-conversation';
import { JOBS_INSERT_CHANNEL } from '../../db/jobs/graphile-internals';
import { planTrackedLinks } from '../../db/links/wrap-tracked-links';
import type { Notice } from '../../db/notify';
import { queueOutboundMessage } from '../../db/sends/queue-outbound-message';
import { queuePrivateReplyBatch, type BatchReply } from '../../db/sends/queue-private-replies';
import { matchKeyword } from '../../workflows/match-keywords';
import { renderTemplate } from '../../workflows/render-template';
import type { InboundComment, InboundContext } from './context';

type Comment = Extract<NormalizedEvent, { kind: 'comment' }>;

const ruleRow = z.object({
  id: z.string(),
  automation_type: z.string(),
  post_id: z.string().nullable(),
  track_links: z.boolean(),
  keywords: z.array(z.string()),
  response_template: z.string(),
  public_reply_template: z.string().nullable(),
});
type CommentRule = z.infer<typeof ruleRow>;

/** A new comment the rules may answer (inside its reply window: comments.ts mayAnswer), with its contact. */
export interface RuleCandidate {
  ev: InboundComment;
  contactId: string;
}

/** What the rules did for a batch's comments, and what the batch sends or hands on after its commit. */
export interface RuleReplies {
  /** Per comment, in order: the conversation its private reply was queued in, or null (no rule answered, a taken key, X). */
  repliedIn: (string | null)[];
  /** The private replies queued due now (ledger ids) and their backstop jobs, for the send pump after the commit (ADR 0025). */
  handOff: { ledgerIds: string[]; backstopJobIds: string[] };
  /** The /ws notices and the wake of jobs due now, sent after the commit (ADR 0029). */
  afterCommit: Notice[];
}

/**
 * Stage 4 of a batch: Comment Growth (docs/product-spec.md §2). For each new comment, the first
 * active rule for its platform and post whose keyword it contains sends ONE private-reply DM (Meta
 * allows one per comment, within 7 days — docs/platform-apis.md §2.3), plus an optional public
 * reply. Keyed by comment id in the ledger, so a redelivered or reprocessed comment never replies twice.
 *
 * Plain replies (no public reply, no link to track) are queued together, set-based (ADR 0020):
 * conversations, ledger rows, slots, messages and `outbound.send {ledgerIds}` jobs for the whole
 * batch in two statements (db/sends/queue-private-replies.ts). A rule with a public reply or a link
 * to track queues its sends one by one (queueOutboundMessage: its tracked-link rows, its own jobs).
 */
export async function queueRuleReplies(ctx: InboundContext, comments: RuleCandidate[]): Promise<RuleReplies> {
  const repliedIn: (string | null)[] = comments.map(() => null);
  const held: Array<{ k: number; keyword: string; reply: BatchReply }> = [];
  const rulesOf = new Map<string, unknown>();
  for (const [k, { ev, contactId }] of comments.entries()) {
    const { normalized: e, account } = ev;
    if (account.platform === 'twitter') continue; // X has no comment rules (no private replies)
    const key = `${account.workspace_id}:${account.platform}`;
    if (!rulesOf.has(key)) rulesOf.set(key, ev.prefetched.rules ?? (await readActiveCommentRules(ctx.client, account.workspace_id, account.platform)));
    const hit = pickCommentRule(ev.prefetched.rules ?? rulesOf.get(key), e);
    if (!hit) {
      ev.tail.activities.push({ action: 'comment_received', message: `Comment from ${e.from.name || e.from.id}: no rule matched`, intent: 'general' });
      continue;
    }
    const text = renderTemplate(hit.rule.response_template, { name: e.from.name, username: e.from.username });
    if (hit.rule.public_reply_template || hasLinkToTrack(ctx, hit.rule.track_links, text)) {
      repliedIn[k] = await queueOwnReplies(ctx, { ev, contactId }, hit, text);
      continue;
    }
    held.push({
      k,
      keyword: hit.keyword,
      reply: {
        workspaceId: account.workspace_id,
        accountId: account.id,
        platform: account.platform,
        contactId,
        externalUserId: e.from.id,
        name: e.from.name,
        username: e.from.username,
        commentId: e.commentId,
        ruleId: hit.rule.id,
        text,
      },
    });
  }
  const queued = await queuePrivateReplyBatch(
    ctx.client,
    held.map((h) => h.reply),
    ctx.limits.private_reply,
    { handOff: ctx.handOff },
  );
  held.forEach((h, i) => {
    const q = queued.replies[i]!;
    if (!q.ledgerId) return; // a taken key wrote nothing
    const { ev } = comments[h.k]!;
    repliedIn[h.k] = q.conversationId;
    ev.tail.activities.push(ruleMatchedActivity(h.keyword, ev.normalized, ev.account.id));
  });
  const wake = queued.dueJobs > 0 ? [{ channel: JOBS_INSERT_CHANNEL, payload: JSON.stringify({ count: queued.dueJobs }) }] : [];
  return {
    repliedIn,
    handOff: { ledgerIds: queued.replies.flatMap((q) => (q.due && q.ledgerId ? [q.ledgerId] : [])), backstopJobIds: queued.backstopJobIds },
    afterCommit: [...queued.notices, ...wake],
  };
}

/** A rule's replies queued one by one: the private reply with its tracked links, and the public reply. The conversation, or null for a taken key. */
async function queueOwnReplies(ctx: InboundContext, { ev, contactId }: RuleCandidate, hit: { rule: CommentRule; keyword: string }, text: string) {
  const { normalized: e, account } = ev;
  const conversationId = await ensureConversation(ctx.client, {
    workspaceId: account.workspace_id,
    accountId: account.id,
    platform: account.platform,
    contactId,
    externalUserId: e.from.id,
    name: e.from.name,
    username: e.from.username,
  });
  const baseUrl = hit.rule.track_links ? ctx.links() : null;
  const queued = await queueOutboundMessage(ctx.client, {
    workspaceId: account.workspace_id,
    accountId: account.id,
    conversationId,
    text,
    source: 'comment_rule',
    kind: 'private_reply',
    target: e.commentId,
    idempotencyKey: `private_reply:${account.id}:${e.commentId}`,
    ruleId: hit.rule.id,
    limit: ctx.limits.private_reply,
    trackLinks: baseUrl ? { baseUrl, ruleId: hit.rule.id, contactId } : null,
  });
  if (!queued) return null; // already replied to this comment (ledger key taken): nothing was written
  if (hit.rule.public_reply_template) {
    await queueOutboundMessage(ctx.client, {
      workspaceId: account.workspace_id,
      accountId: account.id,
      conversationId: null,
      text: renderTemplate(hit.rule.public_reply_template, { name: e.from.name, username: e.from.username }),
      source: 'comment_rule',
      kind: 'public_reply',
      target: e.commentId,
      idempotencyKey: `public_reply:${account.id}:${e.commentId}`,
      ruleId: hit.rule.id,
      limit: ctx.limits.public_reply,
    });
  }
  ev.tail.activities.push(ruleMatchedActivity(hit.keyword, e, account.id));
  return conversationId;
}

/** The first of the account's active rules (oldest first, activeCommentRulesJsonSql) for this comment's post whose keyword it contains. */
export function pickCommentRule(rules: unknown, e: Pick<Comment, 'postId' | 'text'>) {
  for (const rule of z.array(ruleRow).parse(rules)) {
    if (!(rule.automation_type === 'all_posts' || (rule.post_id !== null && rule.post_id === e.postId))) continue;
    const keyword = matchKeyword(e.text, rule.keywords);
    if (keyword) return { rule, keyword };
  }
  return undefined;
}

/**
 * Whether a rule's reply has a link that link tracking would rewrite (its own tracked-link rows).
 * A reply without an http(s) link is sent as written either way, so it is queued with the others
 * even when its rule tracks links.
 */
function hasLinkToTrack(ctx: InboundContext, trackLinks: boolean, text: string): boolean {
  const base = trackLinks ? ctx.links() : null;
  return base !== null && planTrackedLinks(text, base).links.length > 0;
}

/**
 * The activity line of a rule that queued its private reply. It names the reply's ledger key, not
 * its status: the feed shows the status the reply has when it is read (db/automation/activity-lines.ts),
 * so a reply delivered a second later reads "sent", not "queued".
 */
function ruleMatchedActivity(keyword: string, e: Pick<Comment, 'from' | 'commentId'>, accountId: string) {
  return {
    action: 'comment_rule_matched',
    message: `"${keyword}" from ${e.from.name || e.from.id} matched a rule`,
    intent: 'lead',
    ledgerKey: `private_reply:${accountId}:${e.commentId}`,
  };
}
