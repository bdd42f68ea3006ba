import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, workspaceIdColumn } from './columns';
import { accountIdColumn } from './social-accounts';

/** A person on a platform, as one of our accounts sees them. */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    accountId: accountIdColumn(),
    externalUserId: text('external_user_id').notNull(),
    name: text('name').notNull().default(''),
    username: text('username'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    customFields: jsonb('custom_fields').notNull().default({}),
    /** Opens Meta's 24-hour messaging window (docs/platform-apis.md §2.1). */
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('contacts_workspace_id_idx').on(t.workspaceId), uniqueIndex('contacts_account_external_key').on(t.accountId, t.externalUserId)],
);

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    accountId: accountIdColumn(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: ['instagram', 'facebook', 'twitter'] }).notNull(),
    status: text('status', { enum: ['open', 'pending', 'closed'] })
      .notNull()
      .default('open'),
    priority: text('priority', { enum: ['high', 'normal', 'low'] })
      .notNull()
      .default('normal'),
    customerName: text('customer_name').notNull(),
    customerUsername: text('customer_username'),
    externalUserId: text('external_user_id').notNull(),
    lastMessage: text('last_message'),
    /** Never null once a message exists; the keyset order of the inbox list. */
    lastMessageTime: timestamp('last_message_time', { withTimezone: true }).notNull().defaultNow(),
    unreadCount: integer('unread_count').notNull().default(0),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The first response time rollup, kept by the messages trigger at commit (migration 0026): the
     * earliest inbound message, and the earliest outbound message at or after it (null: waiting).
     */
    firstInboundAt: timestamp('first_inbound_at', { withTimezone: true }),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
  },
  (t) => [
    index('conversations_contact_id_idx').on(t.contactId),
    uniqueIndex('conversations_account_contact_key').on(t.accountId, t.contactId),
    // The automation card's median first response: the conversations first written to in a window.
    index('conversations_workspace_first_inbound_idx')
      .on(t.workspaceId, t.firstInboundAt)
      .where(sql`first_inbound_at is not null`),
    // Keyset pagination of the inbox: (workspace, last_message_time desc, id desc). NULLS FIRST is
    // what ORDER BY … DESC means; an index with NULLS LAST would not serve it (a sort per page).
    index('conversations_workspace_recent_idx').on(t.workspaceId, t.lastMessageTime.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    accountId: accountIdColumn(),
    /** The platform's id (mid); a redelivered webhook carries the same one. */
    platformMessageId: text('platform_message_id'),
    content: text('content').notNull(),
    direction: text('direction', { enum: ['inbound', 'outbound'] }).notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('sent'),
    error: text('error'),
    source: text('source', { enum: ['contact', 'inbox', 'comment_rule', 'flow', 'broadcast'] }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('messages_workspace_id_idx').on(t.workspaceId),
    uniqueIndex('messages_account_platform_id_key').on(t.accountId, t.platformMessageId),
    index('messages_conversation_recent_idx').on(t.conversationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    accountId: accountIdColumn(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    platformCommentId: text('platform_comment_id').notNull(),
    postId: text('post_id').notNull(),
    text: text('text').notNull(),
    authorExternalId: text('author_external_id').notNull(),
    authorUsername: text('author_username'),
    /** When the platform says the comment was made: the 7-day private-reply window starts here. */
    commentedAt: timestamp('commented_at', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
    /**
     * When the first reply to it (private or public) was sent, set by the ledger's rollup trigger
     * (migration 0033): a comment counts as answered once, however many replies it gets.
     */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('comments_contact_id_idx').on(t.contactId),
    index('comments_workspace_id_idx').on(t.workspaceId),
    uniqueIndex('comments_account_platform_id_key').on(t.accountId, t.platformCommentId),
    // A conversation's thread shows the person's comments on that account (inbox.repo listMessages).
    index('comments_account_contact_idx').on(t.accountId, t.contactId, t.createdAt),
  ],
);
