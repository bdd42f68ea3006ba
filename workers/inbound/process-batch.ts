import type pg from 'pg';
import { tuning } from '../../config/tuning';
import type { NormalizedEvent } from '../../contracts/inbound';
import { claimEvent, claimShardEvents, type ClaimedEvent } from '../../db/inbound/claim-events';
import { markEventsProcessed, recordEventFailure, type BatchTail, type EventMark } from '../../db/inbound/event-tail';
import { notifyAfterCommit, type Notice } from '../../db/notify';
import { queueInboundPush } from '../../db/push/queue-push';
import { withTransaction } from '../../db/transaction';
import { takeFirstSteps } from '../flows/first-steps';
import { answerComments } from './answers';
import { mayAnswer, storeComments } from './comments';
import { moderateComments } from './moderation';
import { inboundContext, type InboundComment, type InboundContext, type InboundDeps, type InboundEvent } from './context';
import { contactData, storeMessageOrEcho } from './messages';
import { emitEvents } from '../../db/event-webhooks/emit-events';
import { resolveEvent } from './resolve-event';
import { queueRuleReplies } from './rule-replies';

/**
 * The inbound pipeline's one operation (ARCHITECTURE.md#inbound-pipeline, docs/inbound-pipeline.md):
 * claimed events turned into contacts, conversations, messages, comments, rule replies, leads and
 * flow runs, and marked processed — all in ONE transaction, so a crash anywhere redoes them all and
 * a finished event is never redone. A shard's batch (processInboundBatch) and one event
 * (processInboundEvent) are the same code: one event is a batch of one.
 *
 * The stages of a batch (handleBatch), each in its own module:
 *   1. resolve       resolve-event.ts   normalized, checked against its account (malformed: stored with its error)
 *   2. comments      comments.ts        every comment and its contact in one statement; the reply-window gate
 *                    moderation.ts      the comments the account's moderation catches: queued to hide/delete, not answered
 *   3. messages      messages.ts        DMs and echoes, event by event, in order (leads, waiting runs, flows)
 *   4. rule replies  rule-replies.ts    the comment rules: plain private replies queued set-based, the rest one by one
 *   5. answers       answers.ts         the comments' leads, then their flows (or why they did not start)
 *   6. tail          first steps of the runs started (workers/flows/first-steps.ts), the batch's event webhooks
 *                    in one statement (db/event-webhooks/emit-events.ts), then every event marked
 *                    processed with its activity lines and lead scores, in one statement (db/inbound/event-tail.ts)
 */

/**
 * The transactions commit without waiting for their WAL flush (ADR 0030): their events are durable
 * already (ingest), and nothing outside the database acts on what they write before a later durable
 * commit — the send pump's claim, a worker's job fetch — flushes it too. A PostgreSQL crash that
 * loses one leaves its events unprocessed: done again, as after a rollback. A transaction that
 * started flow runs commits durably after all (takeFirstSteps).
 */
const ASYNC_COMMIT = { asyncCommit: true } as const;

/** What one batch did; `failed` events were recorded with their error and are retried by a later job. */
export interface BatchOutcome {
  claimed: number;
  processed: number;
  malformed: number;
  failed: number;
  /** With `handOff`: the private replies queued due now, committed, for the caller's send pump, and their backstop jobs (ADR 0025). */
  handOff?: { ledgerIds: string[]; backstopJobIds: string[] };
}

export type ProcessOutcome = 'processed' | 'already-processed' | 'malformed' | 'missing';

/**
 * One batch of a shard's unprocessed events, oldest first (ADR 0020): claimed with `for update skip
 * locked` (an `{eventId}` job or another batch holding one is skipped), handled, committed. If the
 * transaction fails (one event hit an unexpected error), every event of the batch is redone alone
 * (processInboundEvent): the others go through, and the failing one is recorded (attempts, error)
 * and left for a later job, until `tuning.inbound.maxEventAttempts`.
 * `handOff` (ADR 0025): the private replies queued due now come back in `handOff` for the caller's
 * send pump once committed; their `outbound.send` job is only a backstop a few seconds later. The
 * redo event by event does not hand off: its replies' jobs run as usual.
 */
export async function processInboundBatch(pool: pg.Pool, batch: { shard: number; size?: number; handOff?: boolean }, deps: InboundDeps): Promise<BatchOutcome> {
  const size = batch.size ?? tuning.inbound.batchSize;
  let claimedIds: string[] = [];
  try {
    return await inTransaction(pool, deps, batch.handOff === true, async (client) => {
      const rows = await claimShardEvents(client, batch.shard, size, tuning.inbound.maxEventAttempts);
      claimedIds = rows.map((r) => r.id);
      return rows;
    });
  } catch (err) {
    if (claimedIds.length === 0) throw err;
    const outcome: BatchOutcome = { claimed: claimedIds.length, processed: 0, malformed: 0, failed: 0 };
    for (const id of claimedIds) {
      try {
        const one = await processInboundEvent(pool, id, deps);
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

/**
 * One stored event, as a batch of one (the redo of a failed batch, and `{eventId}` jobs): claimed by
 * id, waiting for its lock, whatever its attempts.
 */
export async function processInboundEvent(pool: pg.Pool, eventId: string, deps: InboundDeps): Promise<ProcessOutcome> {
  const outcome = await inTransaction(pool, deps, false, (client) => claimEvent(client, eventId));
  if (outcome.claimed === 0) return 'missing';
  if (outcome.malformed > 0) return 'malformed';
  return outcome.processed > 0 ? 'processed' : 'already-processed';
}

/** The claim and handleBatch in one transaction; then the notices and job wakes, after the commit and outside it (ADR 0029). */
async function inTransaction(pool: pg.Pool, deps: InboundDeps, handOff: boolean, claim: (client: pg.PoolClient) => Promise<ClaimedEvent[]>) {
  const { outcome, afterCommit } = await withTransaction(
    pool,
    async (client) => handleBatch(inboundContext(client, deps, handOff), await claim(client)),
    ASYNC_COMMIT,
  );
  // Best effort: a lost one costs a browser refresh, or a worker's next poll (2 s).
  await notifyAfterCommit(pool, afterCommit).catch(() => undefined);
  return outcome;
}

type Comment = Extract<NormalizedEvent, { kind: 'comment' }>;

/** The claimed events through the stages (see the head of this file), in the caller's transaction. */
async function handleBatch(ctx: InboundContext, rows: ClaimedEvent[]): Promise<{ outcome: BatchOutcome; afterCommit: Notice[] }> {
  // 1. resolve
  const resolved = await Promise.all(rows.map((row) => resolveEvent(ctx.client, row)));
  const events = resolved.filter((r): r is InboundEvent => r !== 'already-processed' && !('error' in r));
  const comments = events.filter((ev): ev is InboundComment => ev.normalized.kind === 'comment');
  // 2. comments stored; the new ones inside their window go on
  const stored = await storeComments(ctx, comments);
  const newContacts = new Set<string>();
  comments.forEach((ev, i) => {
    if (stored[i]!.inserted) commentEvents(ev, stored[i]!.contactId, stored[i]!.contactCreated, newContacts);
  });
  // 2b. the comments moderation catches: hidden or deleted by a job, answered by nothing
  const moderated = await moderateComments(ctx, comments, stored);
  const answerable = comments.flatMap((ev, i) =>
    stored[i]!.inserted && !moderated[i] && mayAnswer(ev, stored[i]!) ? [{ ev, contactId: stored[i]!.contactId }] : [],
  );
  // 3. messages and echoes, in order
  for (const ev of events) if (ev.normalized.kind !== 'comment') await storeMessageOrEcho(ctx, ev as InboundEvent<Exclude<NormalizedEvent, Comment>>);
  // Their assignees' devices hear of the DMs in assigned conversations: one job for the batch, none without such a DM (ADR 0045).
  const assignedDms = events.flatMap((ev) => ev.tail.assignedDms);
  if (assignedDms.length > 0) await queueInboundPush(ctx.client, assignedDms);
  // 4. rule replies
  const replies = await queueRuleReplies(ctx, answerable);
  // 5. the comments' leads and flows
  await answerComments(
    ctx,
    answerable.map((a, k) => ({ ...a, repliedIn: replies.repliedIn[k]! })),
  );
  // 6. the runs' first steps, then every event marked processed with its tail
  await takeFirstSteps(
    ctx.client,
    events.flatMap((ev) => ev.tail.startedRuns),
    ctx.flows,
  );
  const marks: EventMark[] = [];
  const tail: BatchTail = { activities: [], leadScores: [] };
  resolved.forEach((r, i) => {
    const eventId = rows[i]!.id;
    if (r === 'already-processed') return;
    if ('error' in r) {
      marks.push({ eventId, workspaceId: null, error: r.error });
      return;
    }
    const workspaceId = r.account.workspace_id;
    marks.push({ eventId, workspaceId, error: null });
    for (const a of r.tail.activities) tail.activities.push({ ...a, workspaceId });
    tail.leadScores.push(...r.tail.leadScores);
  });
  // Event webhooks out: every event the batch made, fanned out to the subscriptions in one statement (nothing when the batch made none).
  await emitEvents(
    ctx.client,
    events.flatMap((ev) => ev.tail.events),
  );
  await markEventsProcessed(ctx.client, marks, tail);
  const malformed = marks.filter((m) => m.error !== null).length;
  const outcome: BatchOutcome = { claimed: rows.length, processed: marks.length - malformed, malformed, failed: 0 };
  if (ctx.handOff) outcome.handOff = replies.handOff;
  return { outcome, afterCommit: replies.afterCommit };
}

/** A new comment's event webhooks (and its contact's, when the comment made it: once per contact, on its first comment of the batch). */
function commentEvents(ev: InboundComment, contactId: string, contactCreated: boolean, newContacts: Set<string>): void {
  const { normalized: e, account, tail } = ev;
  const workspaceId = account.workspace_id;
  const contact = contactData(contactId, account, e.from);
  if (contactCreated && !newContacts.has(contactId)) {
    newContacts.add(contactId);
    tail.events.push({ workspaceId, type: 'contact.created', data: contact });
  }
  tail.events.push({
    workspaceId,
    type: 'comment.received',
    data: { commentId: e.commentId, postId: e.postId, contact, text: e.text, commentedAt: e.createdAt },
  });
}
