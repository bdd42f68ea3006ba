import type pg from 'pg';
import { z } from 'zod';
import { notificationSettingsSchema, type NotificationSettings } from '../../contracts/auth';
import { withTransaction } from '../../db/transaction';
import { endUserSessions } from './sessions.repo';

/** Without a saved row: failures and account health on, the weekly summary off. */
export const DEFAULT_NOTIFICATIONS: NotificationSettings = { failedSends: true, accountHealth: true, weeklySummary: false };

const rowSchema = z.object({ failed_sends: z.boolean(), account_health: z.boolean(), weekly_summary: z.boolean() });

export async function getNotificationSettings(pool: pg.Pool, userId: string): Promise<NotificationSettings> {
  const { rows } = await pool.query(
    'select failed_sends, account_health, weekly_summary from user_notification_settings where user_id = $1',
    [userId],
  );
  if (rows.length === 0) return DEFAULT_NOTIFICATIONS;
  const r = rowSchema.parse(rows[0]);
  return notificationSettingsSchema.parse({ failedSends: r.failed_sends, accountHealth: r.account_health, weeklySummary: r.weekly_summary });
}

export async function saveNotificationSettings(pool: pg.Pool, userId: string, s: NotificationSettings): Promise<void> {
  await pool.query(
    `insert into user_notification_settings (user_id, failed_sends, account_health, weekly_summary)
     values ($1, $2, $3, $4)
     on conflict (user_id) do update set failed_sends = $2, account_health = $3, weekly_summary = $4, updated_at = now()`,
    [userId, s.failedSends, s.accountHealth, s.weeklySummary],
  );
}

/**
 * Deletes the user and, when they are its only member (today always: a workspace is created with
 * its user), the workspace — every tenant table references workspaces ON DELETE CASCADE
 * (db/schema/columns.ts), so its accounts, conversations, flows, runs, ledger… go with it. One
 * transaction, which also ends all of the user's sessions (their /ws sockets close on commit).
 */
export async function deleteAccount(pool: pg.Pool, userId: string, workspaceId: string): Promise<void> {
  await withTransaction(pool, async (client) => {
    // Lock the workspace row: a second member cannot be added halfway through.
    await client.query('select id from workspaces where id = $1 for update', [workspaceId]);
    const { rows } = await client.query('select count(*)::int as n from users where workspace_id = $1 and id <> $2', [
      workspaceId,
      userId,
    ]);
    const others = z.object({ n: z.number() }).parse(rows[0]).n;
    await endUserSessions(client, userId);
    if (others === 0) await client.query('delete from workspaces where id = $1', [workspaceId]);
    else await client.query('delete from users where id = $1', [userId]);
  });
}
