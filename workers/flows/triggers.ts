import type pg from 'pg';
import { readActiveTriggers, type ActiveTrigger } from '../../db/flows/active-triggers';
import { insertRun, startRun } from '../../db/flows/runs';
import { startedRun, type StartedRun } from './first-steps';
import { matchKeyword } from '../../workflows/match-keywords';

type Db = Pick<pg.PoolClient, 'query'>;

export interface TriggerEvent {
  kind: 'message' | 'comment';
  storyReply?: boolean;
  storyMention?: boolean;
  text: string;
  messageId?: string;
  commentId?: string;
  postId?: string;
}

/**
 * Starts a run of every active flow whose trigger matches this inbound event (ARCHITECTURE.md#inbound-pipeline:
 * last in order, after the rules). Keywords match as whole words/phrases; a trigger with no keywords matches every
 * event of its type. Returns the started run ids.
 */
type Account = { id: string; workspace_id: string; platform: 'instagram' | 'facebook' | 'twitter' };

/** The active flows whose trigger matches this event, each with the keyword that matched (null = a trigger without keywords). */
export async function matchingTriggers(db: Db, account: Account, event: TriggerEvent, prefetched?: ActiveTrigger[]) {
  const matches: Array<{ row: ActiveTrigger; keyword: string | null }> = [];
  for (const row of prefetched ?? (await readActiveTriggers(db, account.workspace_id))) {
    const t = row.trigger;
    const wanted = event.kind === 'comment' ? 'comment' : event.storyMention ? 'story_mention' : event.storyReply ? 'story_reply' : 'keyword_dm';
    if (t.type !== wanted) continue;
    if (t.accountId && t.accountId !== account.id) continue;
    if (row.platform === 'twitter' && account.platform !== 'twitter') continue;
    if (row.platform === 'instagram' && account.platform === 'twitter') continue;
    if (t.type === 'comment' && t.postId && t.postId !== event.postId) continue;
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
    },
  }));
}
