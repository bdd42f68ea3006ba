import type pg from 'pg';
import { readActiveTriggers, type ActiveTrigger } from '../../db/flows/active-triggers';
import { insertRun, startRun } from '../../db/flows/runs';
import { startedRun, type StartedRun } from './first-steps';
import { matchKeyword } from '../../workflows/match-keywords';
import { flowIdOfPayload } from '../../contracts/growth';

type Db = Pick<pg.PoolClient, 'query'>;

export interface TriggerEvent {
  kind: 'message' | 'comment';
  storyReply?: boolean;
  storyMention?: boolean;
  text: string;
  messageId?: string;
  commentId?: string;
  postId?: string;
  /** An Instagram Live comment (`live_comments`). */
  live?: boolean;
  /** An ice-breaker / menu / button tap: its payload (`flow:<flowId>` starts that flow's postback trigger). */
  postbackPayload?: string;
  /** A referral: its ref, and the flow of the growth link with that ref (db/growth/referral-link.ts), if any. */
  referral?: { ref: string; linkFlowId: string | null };
  /** A referral with no message of its own (`messaging_referrals`): its text is ours, so no keyword matches it. */
  referralOnly?: boolean;
}

type TriggerType = ActiveTrigger['trigger']['type'];

/**
 * The trigger kinds an event may start, most specific first: the first kind with a match wins, so a
 * tap on an ice breaker after a growth link starts the link's flow, and a tap no postback flow claims
 * is still a DM for the keyword flows (its text is the button's title).
 */
function wantedKinds(event: TriggerEvent): TriggerType[] {
  if (event.kind === 'comment') return ['comment'];
  if (event.storyMention) return ['story_mention'];
  const kinds: TriggerType[] = [];
  if (event.referral) kinds.push('referral');
  if (event.postbackPayload) kinds.push('postback');
  if (!event.referralOnly) kinds.push(event.storyReply ? 'story_reply' : 'keyword_dm');
  return kinds;
}

/**
 * Starts a run of every active flow whose trigger matches this inbound event (ARCHITECTURE.md#inbound-pipeline:
 * last in order, after the rules). Keywords match as whole words/phrases; a trigger with no keywords matches every
 * event of its type. Returns the started run ids.
 */
type Account = { id: string; workspace_id: string; platform: 'instagram' | 'facebook' | 'twitter' };

/** The active flows whose trigger matches this event, each with the keyword that matched (null = a trigger without keywords). */
export async function matchingTriggers(db: Db, account: Account, event: TriggerEvent, prefetched?: ActiveTrigger[]) {
  const rows = prefetched ?? (await readActiveTriggers(db, account.workspace_id));
  for (const wanted of wantedKinds(event)) {
    const matches = matchingOfKind(rows, wanted, account, event);
    if (matches.length > 0) return matches;
  }
  return [];
}

function matchingOfKind(rows: ActiveTrigger[], wanted: TriggerType, account: Account, event: TriggerEvent) {
  const matches: Array<{ row: ActiveTrigger; keyword: string | null }> = [];
  for (const row of rows) {
    const t = row.trigger;
    if (t.type !== wanted) continue;
    if (t.accountId && t.accountId !== account.id) continue;
    if (row.platform === 'twitter' && account.platform !== 'twitter') continue;
    if (row.platform === 'instagram' && account.platform === 'twitter') continue;
    if (t.type === 'comment' && t.postId && t.postId !== event.postId) continue;
    if (t.type === 'comment' && t.commentsOn && t.commentsOn !== 'all' && (t.commentsOn === 'live') !== (event.live === true)) continue;
    if (t.type === 'postback') {
      const payload = event.postbackPayload;
      if (flowIdOfPayload(payload) === row.flow_id || (t.payload && t.payload === payload)) matches.push({ row, keyword: null });
      continue;
    }
    if (t.type === 'referral') {
      const r = event.referral;
      if (r && (r.linkFlowId === row.flow_id || (t.ref && t.ref === r.ref))) matches.push({ row, keyword: null });
      continue;
    }
    // A story mention has no text to match: every mention starts the flow.
    const keywords = t.type === 'story_mention' ? [] : t.keywords;
    const keyword = keywords.length === 0 ? null : matchKeyword(event.text, keywords);
    if (keywords.length > 0 && !keyword) continue;
    matches.push({ row, keyword });
  }
  return matches;
}

export async function startTriggeredRuns(db: Db, account: Account, contactId: string, event: TriggerEvent, prefetched?: ActiveTrigger[]): Promise<string[]> {
  const started: string[] = [];
  for (const run of await triggeredRuns(db, account, contactId, event, prefetched)) {
    const id = await startRun(db, run);
    if (id) started.push(id);
  }
  return started;
}

/**
 * startTriggeredRuns for the inbound pipeline: the runs are inserted without their `run.advance` job
 * (insertRun) and added to `into`, whose first steps the caller takes before its transaction
 * commits (takeFirstSteps, first-steps.ts).
 */
export async function insertTriggeredRuns(
  db: Db,
  account: Account & { provider: string },
  contactId: string,
  event: TriggerEvent,
  prefetched: ActiveTrigger[] | undefined,
  into: StartedRun[],
): Promise<void> {
  for (const run of await triggeredRuns(db, account, contactId, event, prefetched)) {
    const inserted = await insertRun(db, run);
    if (inserted) into.push(startedRun(inserted, run, account));
  }
}

async function triggeredRuns(db: Db, account: Account, contactId: string, event: TriggerEvent, prefetched?: ActiveTrigger[]) {
  return (await matchingTriggers(db, account, event, prefetched)).map(({ row, keyword }) => ({
    workspaceId: account.workspace_id,
    flowId: row.flow_id,
    versionId: row.version_id,
    accountId: account.id,
    contactId,
    trigger: {
      type: row.trigger.type,
      text: event.text,
      keyword,
      messageId: event.messageId ?? null,
      commentId: event.commentId ?? null,
      postId: event.postId ?? null,
      ...(row.trigger.type === 'postback' ? { payload: event.postbackPayload ?? null } : {}),
      ...(row.trigger.type === 'referral' ? { ref: event.referral?.ref ?? null } : {}),
    },
  }));
}
