import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, workspaceIdColumn } from './columns';
import { users } from './users';

/**
 * Who belongs to which workspace, and as what (contracts/permissions.ts). A person may belong to
 * several; each request acts in one (api/auth/active-workspace.ts). `users.workspace_id` is the one a
 * new session starts in and is always one of the user's memberships (a deferred foreign key of the
 * migration `teams`). Any change notifies the web processes (trigger, same migration): they drop
 * the user from their session cache and close their sockets in that workspace.
 */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: workspaceIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    check('workspace_members_role_check', sql`${t.role} in ('owner', 'admin', 'editor', 'agent', 'viewer')`),
    // A user's workspaces (read with the user, on every session-cache miss).
    index('workspace_members_user_idx').on(t.userId),
  ],
);

/**
 * An invitation by email to join a workspace with a role. The link's token is made by the
 * `mail.invite` job when it mails it and only its sha256 is kept (a resend makes a new one and voids
 * the old). Accepted, revoked and expired rows stay so a used link can say what happened to it.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    check('team_invitations_role_check', sql`${t.role} in ('admin', 'editor', 'agent', 'viewer')`),
    uniqueIndex('team_invitations_token_key').on(t.tokenHash),
    // One open invitation per address and workspace.
    uniqueIndex('team_invitations_open_key')
      .on(t.workspaceId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    // The tenant key (db/schema/tenant-keys.int.test.ts): workspace_id in a unique key covering every row.
    uniqueIndex('team_invitations_workspace_key').on(t.workspaceId, t.id),
    index('team_invitations_invited_by_idx').on(t.invitedBy),
    index('team_invitations_accepted_by_idx').on(t.acceptedBy),
  ],
);

/**
 * Who did what (contracts/audit.ts), append-only: a trigger of the migration `teams` refuses every
 * UPDATE, and every DELETE while the row's workspace exists (the rows go with a deleted
 * workspace, by the cascade). The actor is kept as an id without a foreign key and a label as it
 * was then: a deleted user's entries stay readable.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspaceId: workspaceIdColumn(),
    actorId: uuid('actor_id'),
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // The page: newest first (ids follow insertion), by workspace; and one actor's entries.
    // Unique: also the table's tenant key (db/schema/tenant-keys.int.test.ts).
    uniqueIndex('audit_log_workspace_key').on(t.workspaceId, t.id.desc()),
    index('audit_log_actor_idx').on(t.workspaceId, t.actorId, t.id.desc()),
  ],
);

/**
 * Round-robin assignment's view of a member (contracts/auto-assign.ts, ADR 0050): whether they
 * marked themselves available for automatic assignment, when a /ws socket of theirs was last seen
 * (touched on connect and every 30 s by each web process, only while available), and when they
 * were last given a conversation automatically (the pick takes the least recent). The inbound DM
 * statement reads it (db/inbound/store-inbound-dm.ts). It belongs to the membership: the cascade.
 */
export const memberPresence = pgTable(
  'member_presence',
  {
    workspaceId: workspaceIdColumn(),
    userId: uuid('user_id').notNull(),
    available: boolean('available').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    lastAutoAssignedAt: timestamp('last_auto_assigned_at', { withTimezone: true }),
  },
  (t) => [
    // The tenant key, and the membership foreign key's index.
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    foreignKey({ columns: [t.workspaceId, t.userId], foreignColumns: [workspaceMembers.workspaceId, workspaceMembers.userId] }).onDelete('cascade'),
  ],
);
