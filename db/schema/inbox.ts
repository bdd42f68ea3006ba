import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, tsvector, workspaceIdColumn } from './columns';
import { accountIdColumn } from './social-accounts';
import { users } from './users';

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
    /**
     * When the person sent an opt-out word (STOP…; workflows/opt-out-words.ts); null: subscribed.
     * While set, nothing automated (rule, flow, broadcast) is sent to them; a person in the inbox may still answer.
     */
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    /**
     * Human takeover (db/inbox/automation-pause.ts): while now() is before this, a
     * teammate is handling the conversation and nothing automated (rule, flow, broadcast) is sent to
     * the contact. Set by a member's inbox reply (now + the workspace's quiet time) or by Pause; null
     * after Resume. Read by the inbound statements themselves, like opted_out_at.
     */
    automationPausedUntil: timestamp('automation_paused_until', { withTimezone: true }),
    /**
     * The member who took over (users.id; their reply or Pause), kept only while paused. No foreign
     * key: a removed user reads as "a teammate", and contacts get no extra index to maintain.
     */
    automationPausedBy: uuid('automation_paused_by'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('contacts_workspace_key').on(t.workspaceId, t.createdAt, t.id),
    uniqueIndex('contacts_account_external_key').on(t.accountId, t.externalUserId),
    // The inbox search's names and handles (db/inbox/search-conversations.ts): trigrams, so any part
    // of a name matches. On contacts, not conversations: a conversation row is rewritten (a new
    // entry in every index) by each message, while a contact's update is HOT unless a name changes.
    index('contacts_name_trgm_idx').using('gin', sql`(${t.name} || ' ' || coalesce(${t.username}, '')) gin_trgm_ops`),
  ],
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
    /**
     * The member handling it (a user id), or null: Unassigned. A foreign key to the membership
     * (workspace_id, assignee_id) → workspace_members, ON DELETE SET NULL (assignee_id), written by hand
     * in the migration `conversation_assignee` (drizzle would null workspace_id too): an assignee is
     * always a member, and a removed member's conversations return to Unassigned in every path
     * (removal, leaving, account deletion). A role that cannot reply unassigns in db/team/members.ts.
     */
    assigneeId: uuid('assignee_id'),
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
    uniqueIndex('conversations_workspace_recent_key').on(t.workspaceId, t.lastMessageTime.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The inbox's Mine / a teammate's view in keyset order, and the membership key's SET NULL lookup.
    // Partial: an unassigned conversation (the bot's, most of them) has no entry, so the comment
    // path's conversation update writes no extra index entry for it.
    index('conversations_workspace_assignee_idx')
      .on(t.workspaceId, t.assigneeId, t.lastMessageTime.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`assignee_id is not null`),
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
    /** `note`: an internal note of a member (never sent, never in the send ledger; neither in nor out for the rollups). */
    direction: text('direction', { enum: ['inbound', 'outbound', 'note'] }).notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('sent'),
    error: text('error'),
    source: text('source', { enum: ['contact', 'inbox', 'comment_rule', 'flow', 'broadcast', 'sequence', 'opt_out', 'note'] }).notNull(),
    /** The member who wrote a note (null for every other message, and once they delete their account). */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    /**
     * The inbox search's words (db/inbox/search-conversations.ts): the text's lexemes, lower-cased and
     * unstemmed (`simple`: customers write in every language), positions stripped (no phrase search
     * or ranking needs them). Stored, so the newest messages can be filtered cheaply in time order:
     * to_tsvector per row costs ~15 µs, @@ on a stored one well under 1 µs.
     */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`strip(to_tsvector('simple'::regconfig, "content"))`),
  },
  (t) => [
    // Also the time order of a workspace's messages: the search's newest-first scan.
    uniqueIndex('messages_workspace_recent_key').on(t.workspaceId, t.createdAt, t.id),
    // The author key's SET NULL lookup; partial, so the hot inbound and send paths write no entry.
    index('messages_author_idx')
      .on(t.authorId)
      .where(sql`author_id is not null`),
    // Words → messages. The pending list takes new entries in ~1 µs; 512 kB (not 4 MB) keeps the
    // flush an insert pays now and then short (tests/perf/results/README.md, inbox).
    index('messages_search_idx').using('gin', t.search).with({ fastupdate: true, gin_pending_list_limit: 512 }),
    // Time → heap blocks (a few kB for millions of rows, ~free to keep): a rare word's GIN matches
    // are intersected with a time window's blocks, so only that window's rows are read.
    index('messages_created_brin').using('brin', t.createdAt),
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
    uniqueIndex('comments_workspace_key').on(t.workspaceId, t.createdAt, t.id),
    uniqueIndex('comments_account_platform_id_key').on(t.accountId, t.platformCommentId),
    // A conversation's thread shows the person's comments on that account (inbox.repo listMessages).
    index('comments_account_contact_idx').on(t.accountId, t.contactId, t.createdAt),
  ],
);
