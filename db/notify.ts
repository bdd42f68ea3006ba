import type pg from 'pg';
import type { InboxEvent } from '../contracts/inbox';

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

/** A notice to send once its writer has committed: a channel and its payload. */
export interface Notice {
  channel: string;
  payload: string;
}

/**
 * Sends notices after their writer committed, in order, in a transaction of their own committed
 * with `synchronous_commit = off` (ADR 0029). PostgreSQL serialises every committing transaction
 * that NOTIFYs on one database-wide lock, held until its commit record is flushed: a hot durable
 * commit that NOTIFYs therefore waits for every other's flush instead of sharing one (group commit).
 * Sent here, a notice holds that lock for microseconds. Notices are wake-ups and /ws hints (a
 * browser refetches what changed): one lost in a crash between the commit and this costs a refresh
 * or a poll, never data. `pool` must be a Pool, not a client inside a transaction.
 */
export async function notifyAfterCommit(pool: Pick<pg.Pool, 'query'>, notices: Notice[]): Promise<void> {
  if (notices.length === 0) return;
  await pool.query({
    name: 'notify-after-commit',
    text: `with async as (select set_config('synchronous_commit', 'off', true))
     select count(*) from async, (select pg_notify(t.c, t.p) from unnest($1::text[], $2::text[]) with ordinality as t(c, p, n) order by t.n) x`,
    values: [notices.map((n) => n.channel), notices.map((n) => n.payload)],
  });
}

/** A workspace's /ws notice as notifyWorkspace sends it, for notifyAfterCommit. */
export function workspaceNotice(workspaceId: string, event: InboxEvent): Notice {
  return { channel: EVENTS_CHANNEL, payload: JSON.stringify({ workspaceId, event }) };
}
