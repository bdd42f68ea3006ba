import type pg from 'pg';
import { z } from 'zod';
import { rollback, withTransaction, type Rollback } from '../../db/transaction';
import type { NormalizedEvent } from '../../contracts/inbound';
import { INBOUND_EVENT_MAX_ATTEMPTS } from '../../contracts/jobs';
import { CONTACT_UPSERT_SQL, storeInboundDm } from '../../db/pipeline/store-inbound-dm';
import {
  markEventProcessed,
  markEventsProcessed,
  newEventTail,
  recordEventFailure,
  type BatchTail,
  type EventMark,
  type EventTail,
} from '../../db/pipeline/event-tail';
import { activeCommentRulesJsonSql } from '../../db/comment-rules/active-rules';
import { activeTriggersJsonSql, parseActiveTriggers, type ActiveTrigger } from '../../db/flows/active-triggers';
import { classifyIntent } from '../../workflows/classify-intent';
import { applyCommentRules, pickCommentRule, ruleMatchedActivity } from './apply-comment-rules';
import { queuePrivateReplyBatch, storeCommentBatch, type BatchReply } from '../../db/pipeline/comment-batch';
import { notifyAfterCommit, type Notice } from '../../db/pipeline/notify';
import { JOBS_INSERT_CHANNEL } from '../../db/jobs/job-spec';
import { renderTemplate } from '../../workflows/render-template';
import { planTrackedLinks } from '../../db/links/wrap-tracked-links';
import { captureLead } from './capture-lead';
import { captureCommentLeads, type LeadCapture } from './capture-leads';
import { accountRow, type AccountRow } from './conversations';
import { MalformedEventError, normalizeEvent } from './normalize-event';
import { storeEcho } from './store-echo';
import { resumeWaitingRuns } from '../../db/flows/runs';
import { insertTriggeredRuns, matchingTriggers } from '../flows/triggers';
import { defaultFirstSteps, takeFirstSteps, type FirstStepsConfig, type StartedRun } from '../flows/first-steps';
import type { SendLimits } from '../../db/pipeline/send-limits';
import { noLinkBase, type LinkBase } from './apply-comment-rules';

const eventRow = z.object({
  id: z.string(),
  provider: z.string(),
  workspace_id: z.string().nullable(),
  payload: z.unknown(),
  processed_at: z.date().nullable(),
});

/** Meta's private-reply window (docs/platform-apis.md §2.3). */
const PRIVATE_REPLY_WINDOW_DAYS = 7;
/** Meta's standard messaging window: an automated reply only within 24 hours of the person's message (§2.1). */
const MESSAGING_WINDOW_HOURS = 24;

export type ProcessOutcome = 'processed' | 'already-processed' | 'malformed' | 'missing';

/**
 * The event and, in the same round trip, the active account its payload names (normalizeEvent
 * still decides which account it is: the prefetched row is used only if it is that one). With the
 * account come its comment rules and its workspace's flow triggers (ADR 0017): what the event will
 * be matched against, read in this round trip instead of one each later.
 */
const EVENT_WITH_ACCOUNT_SQL = `select e.id::text, e.provider, e.workspace_id, e.payload, e.processed_at,
              a.id as a_id, a.workspace_id as a_workspace_id, a.platform as a_platform, a.provider as a_provider, a.username as a_username,
              case when a.id is not null then ${activeCommentRulesJsonSql('a.workspace_id', 'a.platform')} end as a_rules,
              case when a.id is not null then ${activeTriggersJsonSql('a.workspace_id')} end as a_triggers
       from inbound_events e
       left join social_accounts a on a.is_active and a.id = case when e.payload->>'accountId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                                                          then (e.payload->>'accountId')::uuid end`;

/**
 * The inbound transactions commit without waiting for their WAL flush (ADR 0030): their events are
 * durable already (ingest), and nothing outside the database acts on what they write before a later
 * durable commit — the send pump's claim, a worker's job fetch — flushes it too. A PostgreSQL crash
 * that loses one leaves its events unprocessed: done again, as after a rollback. A transaction that
 * started flow runs commits durably after all (takeFirstSteps).
 */
const ASYNC_COMMIT = { asyncCommit: true } as const;

/**
 * Turns one stored inbound event into contacts, conversations, messages and comments and runs its
 * triggers — all in ONE transaction with marking it processed, so a crash anywhere redoes the whole
 * event and a finished event is never redone (ARCHITECTURE.md#inbound-pipeline step 2). The batch
 * job (processInboundBatch) does the same for many events in one transaction; this is its fallback
 * for a batch that failed, and the path of `{eventId}` jobs.
 */
export async function processInboundEvent(
  pool: pg.Pool,
  eventId: string,
  limits: SendLimits,
  links: LinkBase = noLinkBase,
  flows: FirstStepsConfig = defaultFirstSteps,
): Promise<ProcessOutcome> {
  return withTransaction(
    pool,
    async (client): Promise<ProcessOutcome | Rollback<ProcessOutcome>> => {
      // Named (prepared once per connection), as are the pipeline's other hot statements: PostgreSQL
      // parses and plans them once, not per event.
      const found = await client.query({ name: 'inbound-event', text: `${EVENT_WITH_ACCOUNT_SQL} where e.id = $1 for update of e`, values: [eventId] });
      if (found.rowCount === 0) return rollback('missing');
      const handled = await handleEvent(client, found.rows[0] as Record<string, unknown>, limits, links);
      if (handled === 'already-processed') return rollback('already-processed');
      if ('error' in handled) {
        // Stored with its error and visible; never retried, never blocks other events.
        await client.query('update inbound_events set processed_at = now(), attempts = attempts + 1, error = $2 where id = $1', [eventId, handled.error]);
        return 'malformed';
      }
      await takeFirstSteps(client, handled.tail.startedRuns, flows);
      await markEventProcessed(client, eventId, handled.workspaceId, handled.tail);
      return 'processed';
    },
    ASYNC_COMMIT,
  );
}

/** What one batch did; `failed` events were recorded with their error and are retried by a later job. */
export interface BatchOutcome {
  claimed: number;
  processed: number;
  malformed: number;
  failed: number;
  /**
   * With `handOff`: the private replies queued due now, committed, for the caller's send pump, and
   * their backstop jobs (ADR 0025).
   */
  handOff?: { ledgerIds: string[]; backstopJobIds: string[] };
}

/** handleBatch's outcome and what to send once its transaction committed (ADR 0029). */
interface HandledBatch {
  outcome: BatchOutcome;
  afterCommit: Notice[];
}

/** An event that failed this many times (not malformed: e.g. a bug) is left with its error, no longer claimed. */
export const MAX_EVENT_ATTEMPTS = INBOUND_EVENT_MAX_ATTEMPTS;

/**
 * One batch of a shard's unprocessed events, oldest first, in ONE transaction (ADR 0020): claimed
 * with `for update skip locked` (an `{eventId}` job or another batch holding one is skipped), each
 * handled as processInboundEvent would, then all marked processed — with their activity lines and
 * lead scores — in one statement. A crash anywhere rolls the whole batch back, so it is redone and
 * nothing is done twice. If the transaction fails (one event hit an unexpected error), every event
 * of the batch is redone alone (processInboundEvent): the others go through, and the failing one is
 * recorded (attempts, error) and left for a later job, until MAX_EVENT_ATTEMPTS.
 * `handOff` (ADR 0025): the private replies it queues due now are returned in `handOff` for the
 * caller's send pump once committed; their `outbound.sends` job is only a backstop a few seconds later.
 * The redo event by event does not hand off: its replies' jobs run as usual.
 */
export async function processInboundBatch(
  pool: pg.Pool,
  shard: number,
  size: number,
  limits: SendLimits,
  links: LinkBase = noLinkBase,
  flows: FirstStepsConfig = defaultFirstSteps,
  handOff = false,
): Promise<BatchOutcome> {
  let claimedIds: string[] = [];
  try {
    const { outcome, afterCommit } = await withTransaction(
      pool,
      async (client) => {
        const { rows } = await client.query({
          name: 'inbound-batch',
          text: `${EVENT_WITH_ACCOUNT_SQL}
       where e.shard = $1 and e.processed_at is null and e.attempts < $3
       order by e.id limit $2
       for update of e skip locked`,
          values: [shard, size, MAX_EVENT_ATTEMPTS],
        });
        claimedIds = rows.map((r: { id: string }) => r.id);
        return handleBatch(client, rows as Record<string, unknown>[], limits, links, flows, handOff);
      },
      ASYNC_COMMIT,
    );
    // The /ws notices and the wake of jobs due now, after the commit and outside it (ADR 0029).
    // Best effort: a lost one costs a browser refresh, or a worker's next poll (2 s).
    await notifyAfterCommit(pool, afterCommit).catch(() => undefined);
    return outcome;
  } catch (err) {
    if (claimedIds.length === 0) throw err;
    const outcome: BatchOutcome = { claimed: claimedIds.length, processed: 0, malformed: 0, failed: 0 };
    for (const id of claimedIds) {
      try {
        const one = await processInboundEvent(pool, id, limits, links, flows);
        if (one === 'processed') outcome.processed++;
        else if (one === 'malformed') outcome.malformed++;
      } catch (e) {
        outcome.failed++;
        await recordEventFailure(pool, id, e instanceof Error ? e.message : String(e));
      }
    }
    return outcome;
  }
}

type Comment = Extract<NormalizedEvent, { kind: 'comment' }>;

/**
 * A claimed batch in the caller's transaction. The hot path is set-based (db/pipeline/comment-batch.ts):
 * the batch's comments and their contacts in one statement, and the private replies of those a rule
 * answers plainly (no tracked links, no public reply) in two more; everything else — DMs, echoes,
 * comments no rule answers, unusual rules, X — takes the per-event path, event by event, in the same
 * transaction. Each event keeps its own tail, so the activity lines stay in event order.
 */
/**
 * Whether a rule's reply has a link that link tracking would rewrite (its own tracked-link rows: the
 * per-event path). A reply without an http(s) link is sent as written either way, so it takes the
 * set-based path even when its rule tracks links.
 */
function hasLinkToTrack(trackLinks: boolean, links: LinkBase, text: string): boolean {
  const base = trackLinks ? links() : null;
  return base !== null && planTrackedLinks(text, base).links.length > 0;
}

async function handleBatch(
  client: pg.PoolClient,
  rows: Record<string, unknown>[],
  limits: SendLimits,
  links: LinkBase,
  flows: FirstStepsConfig,
  handOff: boolean,
): Promise<HandledBatch> {
  const resolved = await Promise.all(rows.map((row) => resolveEvent(client, row)));
  const tails = rows.map(() => newInboundTail());
  const done: Array<{ error: string } | { workspaceId: string } | null> = rows.map(() => null);

  // 1. Comments of accounts whose rules came with the claim: one statement for all.
  const seen = new Set<string>();
  const batchable: number[] = [];
  resolved.forEach((r, i) => {
    if (r === 'already-processed' || 'error' in r || r.normalized.kind !== 'comment') return;
    if (r.account.platform === 'twitter' || r.prefetched.rules === undefined || r.prefetched.rules === null) return;
    const key = `${r.account.id}\u0000${r.normalized.commentId}`;
    if (seen.has(key)) return; // the same comment twice (two providers): the second goes alone
    seen.add(key);
    batchable.push(i);
  });
  const stored = await storeCommentBatch(
    client,
    batchable.map((i) => {
      const r = resolved[i] as Resolved;
      const e = r.normalized as Comment;
      return {
        workspaceId: r.account.workspace_id,
        accountId: r.account.id,
        commentId: e.commentId,
        postId: e.postId,
        text: e.text,
        commentedAt: e.createdAt,
        from: e.from,
      };
    }),
  );
  const storedAt = new Map(batchable.map((i, k) => [i, stored[k]!]));

  // 2. Event by event, in order; the plain rule replies are held for one statement at the end.
  const held: Array<{ i: number; reply: BatchReply; keyword: string }> = [];
  for (let i = 0; i < rows.length; i++) {
    const r = resolved[i]!;
    if (r === 'already-processed') continue; // claimed rows are unprocessed: not reached
    if ('error' in r) {
      done[i] = r;
      continue;
    }
    done[i] = { workspaceId: r.account.workspace_id };
    const s = storedAt.get(i);
    if (!s) {
      await writeEvent(client, r, limits, links, tails[i]!);
      continue;
    }
    if (!s.inserted) continue; // already seen: its rules already ran
    const e = r.normalized as Comment;
    const inWindow = s.ageDays <= PRIVATE_REPLY_WINDOW_DAYS;
    const hit = inWindow ? pickCommentRule(r.prefetched.rules, e) : undefined;
    const contact = { name: e.from.name, username: e.from.username };
    const text = hit ? renderTemplate(hit.rule.response_template, contact) : '';
    if (hit && !hit.rule.public_reply_template && !hasLinkToTrack(hit.rule.track_links, links, text)) {
      held.push({
        i,
        keyword: hit.keyword,
        reply: {
          workspaceId: r.account.workspace_id,
          accountId: r.account.id,
          platform: r.account.platform,
          contactId: s.contactId,
          externalUserId: e.from.id,
          name: e.from.name,
          username: e.from.username,
          commentId: e.commentId,
          ruleId: hit.rule.id,
          text,
        },
      });
      continue;
    }
    await answerComment(client, r.account, e, { contactId: s.contactId, ageDays: s.ageDays }, limits, links, tails[i]!, r.prefetched);
  }

  // 3. The held replies: conversations, ledger rows, slots, messages, jobs, notices for all at once.
  const {
    replies: queued,
    backstopJobIds,
    notices,
    dueJobs,
  } = await queuePrivateReplyBatch(
    client,
    held.map((h) => h.reply),
    limits.private_reply,
    { handOff },
  );
  // Their leads: one statement for the batch (captureCommentLeads), before the rest of each answer.
  await captureCommentLeads(
    client,
    held.map((h, k) => heldLeadCapture(resolved[h.i] as Resolved, storedAt.get(h.i)!.contactId, queued[k]!, tails[h.i]!)),
  );
  for (const [k, h] of held.entries()) {
    const r = resolved[h.i] as Resolved;
    const e = r.normalized as Comment;
    const q = queued[k]!;
    // A taken key wrote nothing: as applyCommentRules returns null for it.
    if (q.ledgerId) tails[h.i]!.activities.push(ruleMatchedActivity(h.keyword, e));
    const s = storedAt.get(h.i)!;
    await answerComment(
      client,
      r.account,
      e,
      { contactId: s.contactId, ageDays: s.ageDays },
      limits,
      links,
      tails[h.i]!,
      r.prefetched,
      q.ledgerId ? q.conversationId : null,
      true,
    );
  }

  const marks: EventMark[] = [];
  const tail: BatchTail = { activities: [], leadScores: [] };
  let malformed = 0;
  done.forEach((d, i) => {
    if (d === null) return;
    if ('error' in d) {
      malformed++;
      marks.push({ eventId: String(rows[i]!.id), workspaceId: null, error: d.error });
      return;
    }
    marks.push({ eventId: String(rows[i]!.id), workspaceId: d.workspaceId, error: null });
    for (const a of tails[i]!.activities) tail.activities.push({ ...a, workspaceId: d.workspaceId });
    tail.leadScores.push(...tails[i]!.leadScores);
  });
  // The runs the batch's events started: their first steps in this transaction (workers/flows/first-steps.ts).
  await takeFirstSteps(
    client,
    tails.flatMap((t) => t.startedRuns),
    flows,
  );
  await markEventsProcessed(client, marks, tail);
  const outcome: BatchOutcome = { claimed: rows.length, processed: marks.length - malformed, malformed, failed: 0 };
  if (handOff) outcome.handOff = { ledgerIds: queued.flatMap((q) => (q.due && q.ledgerId ? [q.ledgerId] : [])), backstopJobIds };
  const wake = dueJobs > 0 ? [{ channel: JOBS_INSERT_CHANNEL, payload: JSON.stringify({ count: dueJobs }) }] : [];
  return { outcome, afterCommit: [...notices, ...wake] };
}

interface Resolved {
  normalized: NormalizedEvent;
  account: AccountRow;
  prefetched: Prefetched;
}

/**
 * One claimed event normalized and checked against its account (the prefetched one, or read), or
 * the error a malformed event is stored with.
 */
async function resolveEvent(client: pg.PoolClient, row: Record<string, unknown>): Promise<'already-processed' | { error: string } | Resolved> {
  const event = eventRow.parse(row);
  if (event.processed_at) return 'already-processed';
  try {
    const normalized = normalizeEvent(event.provider, event.payload);
    const pre = row;
    const acc =
      pre.a_id === normalized.accountId
        ? [{ id: pre.a_id, workspace_id: pre.a_workspace_id, platform: pre.a_platform, provider: pre.a_provider, username: pre.a_username }]
        : (await client.query('select id, workspace_id, platform, provider, username from social_accounts where id = $1 and is_active', [normalized.accountId]))
            .rows;
    if (acc.length === 0) throw new MalformedEventError(`Unknown or inactive account ${normalized.accountId}`);
    const account = accountRow.parse(acc[0]);
    const prefetched: Prefetched = pre.a_id === normalized.accountId ? { rules: pre.a_rules, triggers: pre.a_triggers } : {};
    // A sandbox event names its workspace at ingest; it must match the account's (no cross-tenant writes).
    if (event.workspace_id && event.workspace_id !== account.workspace_id) {
      throw new MalformedEventError('Event workspace does not own the account');
    }
    return { normalized, account, prefetched };
  } catch (err) {
    if (!(err instanceof MalformedEventError)) throw err;
    return { error: err.message };
  }
}

/**
 * One claimed event: normalized, checked against its account, and written (contacts, messages,
 * comments, rules, flows). Returns what its processed mark needs, or the error a malformed event is
 * stored with. Writes nothing for a malformed event.
 */
async function handleEvent(
  client: pg.PoolClient,
  row: Record<string, unknown>,
  limits: SendLimits,
  links: LinkBase,
): Promise<'already-processed' | { error: string } | { workspaceId: string; tail: InboundTail }> {
  const r = await resolveEvent(client, row);
  if (r === 'already-processed' || 'error' in r) return r;
  const tail = newInboundTail();
  await writeEvent(client, r, limits, links, tail);
  return { workspaceId: r.account.workspace_id, tail };
}

/** An event's tail, and the flow runs it started (their first steps are taken before the processed mark). */
type InboundTail = EventTail & { startedRuns: StartedRun[] };
const newInboundTail = (): InboundTail => ({ ...newEventTail(), startedRuns: [] });

async function writeEvent(client: pg.PoolClient, r: Resolved, limits: SendLimits, links: LinkBase, tail: InboundTail) {
  const { normalized, account, prefetched } = r;
  if (normalized.kind === 'echo') {
    // The account's own outgoing message: stored as outbound, never a trigger.
    await storeEcho(client, account, normalized);
  } else if (normalized.kind === 'message') {
    await storeInboundMessage(client, account, normalized, tail, prefetched);
  } else {
    await storeComment(client, account, normalized, limits, links, tail, prefetched);
  }
}

function contactParams(account: AccountRow, e: Exclude<NormalizedEvent, { kind: 'echo' }>): unknown[] {
  return [account.workspace_id, account.id, e.from.id, e.from.name, e.from.username, e.kind === 'message', e.createdAt];
}

/** What the first read brought with the account (undefined: read them when needed). */
interface Prefetched {
  rules?: unknown;
  triggers?: unknown;
}

function triggersOf(p: Prefetched): ActiveTrigger[] | undefined {
  return p.triggers === undefined || p.triggers === null ? undefined : parseActiveTriggers(p.triggers);
}

async function storeInboundMessage(
  client: pg.PoolClient,
  account: AccountRow,
  e: Extract<NormalizedEvent, { kind: 'message' }>,
  tail: InboundTail,
  prefetched: Prefetched,
) {
  const stored = await storeInboundDm(client, contactParams(account, e), {
    messageId: e.messageId,
    text: e.text,
    platform: account.platform,
    conversationName: e.from.name || e.from.username || e.from.id,
  });
  const contactId = stored.contact_id;
  const conversationId = stored.conversation_id;
  if (!stored.message_id) return; // the same message delivered twice: one row
  const ageHours = stored.age_hours!;
  const intent = classifyIntent(e.text);
  tail.activities.push({ action: 'dm_received', message: `New ${account.platform} DM from ${e.from.name || e.from.id}`, intent });
  await captureLead(client, account, contactId, e, { intent, ruleFired: false, conversationId, hasOutbound: stored.has_outbound }, tail);
  // A DM found late by reconciliation (ADR 0014) more than 24 hours after it was sent: no automated
  // reply may answer it any more (docs/platform-apis.md §2.1), so it is recorded (inbox, where a person
  // may still answer within 7 days) and neither resumes nor starts flows; the activity feed says so.
  if (account.provider === 'meta' && ageHours > MESSAGING_WINDOW_HOURS) {
    tail.activities.push({
      action: 'dm_outside_messaging_window',
      message: `DM from ${e.from.name || e.from.username || e.from.id} recorded but not answered by flows: it is ${Math.floor(ageHours)} hours old, and Meta allows automated replies only within 24 hours`,
      intent: 'general',
    });
    return;
  }
  // Triggers in order (ARCHITECTURE.md#inbound-pipeline): runs waiting for this contact's reply take it; otherwise keyword flows.
  // A story mention is not an answer to a question the flow asked, so it only starts story-mention flows.
  const resumed = e.storyMention ? [] : await resumeWaitingRuns(client, account.id, contactId, e.text);
  if (resumed.length === 0) {
    await insertTriggeredRuns(
      client,
      account,
      contactId,
      {
        kind: 'message',
        storyReply: e.storyReply === true,
        storyMention: e.storyMention === true,
        text: e.text,
        messageId: e.messageId,
      },
      triggersOf(prefetched),
      tail.startedRuns,
    );
  }
}

async function storeComment(
  client: pg.PoolClient,
  account: AccountRow,
  e: Extract<NormalizedEvent, { kind: 'comment' }>,
  limits: SendLimits,
  links: LinkBase,
  tail: InboundTail,
  prefetched: Prefetched,
) {
  // The contact and the comment in one round trip (upsertContact's upsert, then the comment).
  const inserted = await client.query<{ id: string; age_days: number; contact_id: string }>({
    name: 'inbound-comment',
    text: `with contact as (${CONTACT_UPSERT_SQL})
     insert into comments (workspace_id, account_id, contact_id, platform_comment_id, post_id, text, author_external_id, author_username, commented_at)
     select $1, $2, contact.id, $8, $9, $10, $3, $5, $7 from contact
     on conflict (account_id, platform_comment_id) do nothing
     returning id, extract(epoch from now() - commented_at)::float8 / 86400 as age_days, contact_id`,
    values: [...contactParams(account, e), e.commentId, e.postId, e.text],
  });
  const stored = inserted.rows[0];
  if (!stored) return; // already seen: its rules already ran
  await answerComment(client, account, e, { contactId: stored.contact_id, ageDays: stored.age_days }, limits, links, tail, prefetched);
}

/**
 * A newly stored comment: the reply window, the comment rules, its lead, then the flows it starts
 * (or the activity lines of those it does not). `repliedIn`: the rules already ran (the batch's
 * set-based replies): the conversation the reply was queued in, or null.
 */
async function answerComment(
  client: pg.PoolClient,
  account: AccountRow,
  e: Comment,
  stored: { contactId: string; ageDays: number },
  limits: SendLimits,
  links: LinkBase,
  tail: InboundTail,
  prefetched: Prefetched,
  ruled?: string | null,
  /** Its lead was already captured (the batch's held replies: captureCommentLeads). */
  leadCaptured = false,
) {
  const contactId = stored.contactId;
  // Meta allows a private reply only within 7 days of the comment (docs/platform-apis.md §2.3): an
  // older one (found late by reconciliation, ADR 0014) is recorded, and neither rules nor flows answer it.
  if (account.platform !== 'twitter' && stored.ageDays > PRIVATE_REPLY_WINDOW_DAYS) {
    tail.activities.push({
      action: 'comment_outside_reply_window',
      message: `Comment from ${e.from.name || e.from.username || e.from.id} recorded but not answered: it is ${Math.floor(stored.ageDays)} days old, and Meta allows a private reply only within 7 days`,
      intent: 'general',
    });
    return;
  }
  const repliedIn = ruled !== undefined ? ruled : await applyCommentRules(client, account, contactId, e, limits, links, tail, prefetched.rules);
  if (!leadCaptured) await captureLead(client, account, contactId, e, leadOptions(e, repliedIn), tail);
  const event = { kind: 'comment' as const, text: e.text, commentId: e.commentId, postId: e.postId };
  if (repliedIn === null) {
    await insertTriggeredRuns(client, account, contactId, event, triggersOf(prefetched), tail.startedRuns);
    return;
  }
  // A comment rule answered: it used the comment's one private reply, so the flows this comment
  // would start do not start (ARCHITECTURE.md#rules-and-flows); the activity feed says which.
  for (const { row } of await matchingTriggers(client, account, event, triggersOf(prefetched))) {
    tail.activities.push({
      action: 'flow_skipped_rule_answered',
      message: `Flow "${row.flow_name}" not started for ${e.from.name || e.from.id}'s comment: a comment rule already answered it`,
      intent: 'general',
    });
  }
}

/** captureLead's options for a comment the rules answered in `repliedIn` (null: none did). */
function leadOptions(e: Comment, repliedIn: string | null) {
  return { intent: classifyIntent(e.text), ruleFired: repliedIn !== null, conversationId: repliedIn };
}

/** A held (set-based) rule reply's lead capture: as answerComment would make it after the reply was queued. */
function heldLeadCapture(r: Resolved, contactId: string, q: { conversationId: string; ledgerId: string | null }, tail: EventTail): LeadCapture {
  const e = r.normalized as Comment;
  return { account: r.account, contactId, e, opts: leadOptions(e, q.ledgerId ? q.conversationId : null), tail };
}
