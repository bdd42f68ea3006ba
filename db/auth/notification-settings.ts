import type pg from 'pg';
import { z } from 'zod';
import { notificationSettingsSchema, type NotificationSettings } from '../../contracts/auth';

/** Without a saved row: failures and account health on, the weekly summary off. */
export const DEFAULT_NOTIFICATIONS: NotificationSettings = { failedSends: true, accountHealth: true, weeklySummary: false };

const rowSchema = z.object({ failed_sends: z.boolean(), account_health: z.boolean(), weekly_summary: z.boolean() });

export async function getNotificationSettings(pool: Pick<pg.Pool, 'query'>, userId: string): Promise<NotificationSettings> {
  const { rows } = await pool.query('select failed_sends, account_health, weekly_summary from user_notification_settings where user_id = $1', [userId]);
  if (rows.length === 0) return DEFAULT_NOTIFICATIONS;
  const r = rowSchema.parse(rows[0]);
  return notificationSettingsSchema.parse({ failedSends: r.failed_sends, accountHealth: r.account_health, weeklySummary: r.weekly_summary });
}

export async function saveNotificationSettings(pool: Pick<pg.Pool, 'query'>, userId: string, s: NotificationSettings): Promise<void> {
  await pool.query(
    `insert into user_notification_settings (user_id, failed_sends, account_health, weekly_summary)
     values ($1, $2, $3, $4)
     on conflict (user_id) do update set failed_sends = $2, account_health = $3, weekly_summary = $4, updated_at = now()`,
    [userId, s.failedSends, s.accountHealth, s.weeklySummary],
  );
}
