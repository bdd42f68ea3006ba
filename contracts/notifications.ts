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
