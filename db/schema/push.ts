import { foreignKey, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, workspaceIdColumn } from './columns';
import { workspaceMembers } from './team';

/**
 * A member's device subscribed to Web Push in one workspace (Settings → "Notifications on this
 * device"; ADR 0045): the browser's push endpoint and its keys (RFC 8291). It belongs to the
 * membership, so a removed member's devices go with it (the cascade). One row per workspace and
 * endpoint: the same browser subscribed again, by whoever is signed in on it now, replaces the row.
 * The push service's 404/410 for an endpoint deletes it (activities/push-notify.ts).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    userId: uuid('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAtColumn(),
    lastPushedAt: timestamp('last_pushed_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({ columns: [t.workspaceId, t.userId], foreignColumns: [workspaceMembers.workspaceId, workspaceMembers.userId] }).onDelete('cascade'),
    // The tenant key (db/schema/tenant-keys.int.test.ts), and one row per device in a workspace.
    uniqueIndex('push_subscriptions_workspace_endpoint_key').on(t.workspaceId, t.endpoint),
    // A member's devices (the push job's read) and the membership foreign key's index.
    index('push_subscriptions_member_idx').on(t.workspaceId, t.userId),
  ],
);
