import type pg from 'pg';

/**
 * Writes an inbound event's transaction makes that nothing later in it reads — its activity feed
 * lines and lead scores — kept for the statement that marks the batch's events processed
 * (markEventsProcessed), so each costs no round trip of its own (ADR 0017). Committed together.
 */
export interface EventTail {
  /** `ledgerKey`: the send the line is about, whose status the feed shows when read. */
  activities: Array<{ action: string; message: string; intent: string; ledgerKey?: string }>;
  leadScores: Array<{ leadId: string; score: number }>;
}

export const newEventTail = (): EventTail => ({ activities: [], leadScores: [] });

/** One claimed event's mark: processed in `workspaceId`, or malformed with `error` (workspace left as it was). */
export interface EventMark {
  eventId: string;
  workspaceId: string | null;
  error: string | null;
}

/** The tails of a batch's events, in event order; each activity line names its workspace. */
export interface BatchTail {
  activities: Array<EventTail['activities'][number] & { workspaceId: string }>;
  leadScores: EventTail['leadScores'];
}

/**
 * The batch's events marked in one statement (ADR 0020; one event is a batch of one): every event
 * marked (a malformed one with its error, the others processed in their workspace), the batch's
 * activity lines in order, and each lead's score — the last one computed for it in the batch, which
 * counted every event before it.
 */
export async function markEventsProcessed(db: Pick<pg.PoolClient, 'query'>, marks: EventMark[], tail: BatchTail): Promise<void> {
  if (marks.length === 0) return;
  const scores = new Map(tail.leadScores.map((s) => [s.leadId, s.score]));
  await db.query({
    name: 'inbound-events-processed',
    text: `with activity as (
       insert into automation_activity (workspace_id, action, message, intent, ledger_key)
       select t.workspace_id, t.action, t.message, t.intent, t.ledger_key
       from unnest($4::uuid[], $5::text[], $6::text[], $7::text[], $10::text[]) with ordinality as t(workspace_id, action, message, intent, ledger_key, n)
       order by t.n
     ), score as (
       update leads l set score = s.score from unnest($8::uuid[], $9::int[]) as s(id, score) where l.id = s.id
     )
     update inbound_events e set processed_at = now(), attempts = e.attempts + 1, error = m.error, workspace_id = coalesce(m.workspace_id, e.workspace_id)
     from unnest($1::bigint[], $2::uuid[], $3::text[]) as m(id, workspace_id, error)
     where e.id = m.id`,
    values: [
      marks.map((m) => m.eventId),
      marks.map((m) => m.workspaceId),
      marks.map((m) => m.error),
      tail.activities.map((a) => a.workspaceId),
      tail.activities.map((a) => a.action),
      tail.activities.map((a) => a.message),
      tail.activities.map((a) => a.intent),
      [...scores.keys()],
      [...scores.values()],
      tail.activities.map((a) => a.ledgerKey ?? null),
    ],
  });
}

/**
 * An event whose processing threw (not malformed: a bug, a lost connection): one more attempt and
 * its error recorded, outside the failed transaction; the batch job skips it after
 * `tuning.inbound.maxEventAttempts` (config/tuning.ts).
 */
export async function recordEventFailure(db: Pick<pg.PoolClient, 'query'>, eventId: string, error: string): Promise<void> {
  await db.query('update inbound_events set attempts = attempts + 1, error = $2 where id = $1 and processed_at is null', [eventId, error]);
}
