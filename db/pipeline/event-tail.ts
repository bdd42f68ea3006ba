import type pg from 'pg';

/**
 * Writes an inbound event's transaction makes that nothing later in it reads — its activity feed
 * lines and lead scores — kept for the statement that marks the event processed (markEventProcessed),
 * so each costs no round trip of its own (ADR 0017). Committed together, as before.
 */
export interface EventTail {
  activities: Array<{ action: string; message: string; intent: string }>;
  leadScores: Array<{ leadId: string; score: number }>;
}

export const newEventTail = (): EventTail => ({ activities: [], leadScores: [] });

/**
 * The event processed (and owned by `workspaceId`), with its tail written in the same statement:
 * the activity lines in the order they were added, then the lead scores.
 */
export async function markEventProcessed(db: Pick<pg.PoolClient, 'query'>, eventId: string, workspaceId: string, tail: EventTail): Promise<void> {
  await db.query({
    name: 'inbound-event-processed',
    text: `with activity as (
       insert into automation_activity (workspace_id, action, message, intent)
       select $2, t.action, t.message, t.intent
       from unnest($3::text[], $4::text[], $5::text[]) with ordinality as t(action, message, intent, n)
       order by t.n
     ), score as (
       update leads l set score = s.score from unnest($6::uuid[], $7::int[]) as s(id, score) where l.id = s.id
     )
     update inbound_events set processed_at = now(), attempts = attempts + 1, error = null, workspace_id = $2 where id = $1`,
    values: [
      eventId,
      workspaceId,
      tail.activities.map((a) => a.action),
      tail.activities.map((a) => a.message),
      tail.activities.map((a) => a.intent),
      tail.leadScores.map((s) => s.leadId),
      tail.leadScores.map((s) => s.score),
    ],
  });
}
