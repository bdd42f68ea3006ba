import type pg from 'pg';
import type { PushSubscriptionBody } from '../../contracts/push';

type Db = Pick<pg.PoolClient, 'query'>;

/**
 * This device subscribed for the member in the workspace (ADR 0045). The same endpoint again (a
 * re-subscription, or another member now signed in on this browser) replaces the row: a device
 * is told about one member's work in a workspace.
 */
export async function savePushSubscription(db: Db, workspaceId: string, userId: string, sub: PushSubscriptionBody, userAgent: string | null): Promise<void> {
  await db.query(
    `insert into push_subscriptions (workspace_id, user_id, endpoint, p256dh, auth, user_agent)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (workspace_id, endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
       user_agent = excluded.user_agent, created_at = now()`,
    [workspaceId, userId, sub.endpoint, sub.keys.p256dh, sub.keys.auth, userAgent?.slice(0, 300) ?? null],
  );
}

/** The member's subscription of this endpoint in the workspace, removed; false: there was none. */
export async function deletePushSubscription(db: Db, workspaceId: string, userId: string, endpoint: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from push_subscriptions where workspace_id = $1 and user_id = $2 and endpoint = $3', [
    workspaceId,
    userId,
    endpoint,
  ]);
  return rowCount !== 0;
}

export async function isPushSubscribed(db: Db, workspaceId: string, userId: string, endpoint: string): Promise<boolean> {
  const { rowCount } = await db.query('select 1 from push_subscriptions where workspace_id = $1 and user_id = $2 and endpoint = $3', [
    workspaceId,
    userId,
    endpoint,
  ]);
  return rowCount !== 0;
}

/** The push service said the subscription is gone (404/410): it never comes back. */
export async function deleteGoneSubscriptions(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.query('delete from push_subscriptions where id = any($1::uuid[])', [ids]);
}

export async function markPushed(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.query('update push_subscriptions set last_pushed_at = now() where id = any($1::uuid[])', [ids]);
}
