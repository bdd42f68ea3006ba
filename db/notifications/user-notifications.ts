import type pg from 'pg';
import { z } from 'zod';
import type { NotificationList } from '../../contracts/notifications';

const row = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read_at: z.date().nullable(),
  created_at: z.date(),
});

/** Whose bell: a member in the workspace the request acts in (ADR 0038). */
export interface BellOwner {
  workspaceId: string;
  userId: string;
}

/**
 * The member's latest notifications in the workspace they act in (newest first) and how many are
 * unread: a person in several workspaces sees each one's notices only there.
 */
export async function listNotifications(pool: pg.Pool, who: BellOwner, limit = 50): Promise<NotificationList> {
  const [list, unread] = await Promise.all([
    pool.query(
      `select id, kind, title, body, link, read_at, created_at from notifications
       where user_id = $1 and workspace_id = $2 order by created_at desc, id desc limit $3`,
      [who.userId, who.workspaceId, limit],
    ),
    pool.query<{ n: number }>('select count(*)::int as n from notifications where user_id = $1 and workspace_id = $2 and read_at is null', [
      who.userId,
      who.workspaceId,
    ]),
  ]);
  return {
    notifications: list.rows.map((r) => {
      const n = row.parse(r);
      return {
        id: n.id,
        kind: n.kind,
        title: n.title,
        body: n.body,
        link: n.link,
        readAt: n.read_at?.toISOString() ?? null,
        createdAt: n.created_at.toISOString(),
      };
    }),
    unreadCount: unread.rows[0]?.n ?? 0,
  };
}

/** Marks one of the member's notifications in this workspace read; false when it is not one (the route answers 404). */
export async function markNotificationRead(pool: pg.Pool, who: BellOwner, id: string): Promise<boolean> {
  const { rowCount } = await pool.query('update notifications set read_at = coalesce(read_at, now()) where id = $1 and user_id = $2 and workspace_id = $3', [
    id,
    who.userId,
    who.workspaceId,
  ]);
  return (rowCount ?? 0) > 0;
}

/** A test notice in the user's own bell (POST /api/notifications/test); its key is unique, so each one is new. */
export async function createTestNotification(pool: pg.Pool, workspaceId: string, userId: string, message: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into notifications (workspace_id, user_id, kind, key, title, body)
     values ($1, $2, 'test', 'test:' || gen_random_uuid(), 'Test notification', $3) returning id`,
    [workspaceId, userId, message],
  );
  return rows[0]!.id;
}
