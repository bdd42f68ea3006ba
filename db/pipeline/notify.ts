import type pg from 'pg';
import type { InboxEvent } from '../../contracts/inbox';

export const EVENTS_CHANNEL = 'replypilot_events';

/**
 * Tells every web process (LISTEN) that something changed in a workspace; they push it to that
 * workspace's browsers on /ws. Sent inside the writer's transaction, so it fires only on commit.
 */
export async function notifyWorkspace(db: Pick<pg.PoolClient, 'query'>, workspaceId: string, event: InboxEvent) {
  await db.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, JSON.stringify({ workspaceId, event })]);
}

/** Several notices in one round trip, in order (each its own pg_notify, as notifyWorkspace sends it). */
export async function notifyWorkspaceMany(db: Pick<pg.PoolClient, 'query'>, workspaceId: string, events: InboxEvent[]) {
  if (events.length === 0) return;
  await db.query('select pg_notify($1, p) from unnest($2::text[]) with ordinality as t(p, n) order by n', [
    EVENTS_CHANNEL,
    events.map((event) => JSON.stringify({ workspaceId, event })),
  ]);
}
