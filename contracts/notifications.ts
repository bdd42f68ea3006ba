import { z } from 'zod';

/** The bell (GET /api/notifications, POST /api/notifications/:id/read). */
export interface NotificationItem {
  id: string;
  /** e.g. `usage` (80 % and 100 % of the message limit). */
  kind: string;
  title: string;
  body: string;
  link: string | null;
  readAt: string | null;
  createdAt: string;
}

export interface NotificationList {
  notifications: NotificationItem[];
  unreadCount: number;
}

/** POST /api/notifications/test (docs/product-spec.md §7): the text of a test notice to yourself. */
export const testNotificationBodySchema = z.object({
  message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(500, 'Message is limited to 500 characters'),
});
export type TestNotificationBody = z.infer<typeof testNotificationBodySchema>;
export interface TestNotificationResponse {
  id: string;
}
