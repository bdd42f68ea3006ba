import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, workspaceIdColumn } from './columns';
import { contacts, conversations } from './inbox';

/**
 * Sales leads (docs/product-spec.md §3 Lead): a contact the business may sell to. Made by hand, or by
 * the inbound pipeline when a comment rule fires or a message shows buying intent. One per contact
 * and one per email (case-insensitive) in a workspace; both are unique indexes so every writer
 * upserts instead of checking first.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
    email: text('email'),
    socialHandle: text('social_handle'),
    /** From a contact import (ADR 0044): a phone number, the import's tags and custom fields. */
    phone: text('phone'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    customFields: jsonb('custom_fields').notNull().default({}),
    source: text('source').notNull().default('manual'),
    status: text('status').notNull().default('new'),
    /** 0–100 from engagement (workflows/lead-score.ts), rewritten whenever activity arrives. */
    score: integer('score').notNull().default(0),
    /** What the lead is worth, in cents (docs/product-spec.md §9: cents shown as USD). */
    valueCents: integer('value_cents').notNull().default(0),
    notes: text('notes').notNull().default(''),
    /** Engagement counters the score is computed from (incremented on write, never recounted). */
    inboundCount: integer('inbound_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    linkClicks: integer('link_clicks').notNull().default(0),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    /** What the list's search matches (name, email, handle), lower-cased, with a trigram index. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("social_handle", ''))`),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leads_contact_id_idx').on(t.contactId),
    index('leads_conversation_id_idx').on(t.conversationId),
    check('leads_source_check', sql`${t.source} in ('instagram', 'twitter', 'facebook', 'manual', 'import')`),
    check('leads_status_check', sql`${t.status} in ('new', 'contacted', 'qualified', 'converted', 'lost')`),
    check('leads_value_check', sql`${t.valueCents} >= 0`),
    uniqueIndex('leads_workspace_contact_key').on(t.workspaceId, t.contactId),
    uniqueIndex('leads_workspace_email_key').on(t.workspaceId, sql`lower(${t.email})`),
    // The list's order (created_at desc, id desc), whole workspace or one status/source: each page
    // is an index-only walk of these (plain DESC: see migration 0003 on NULLS LAST).
    uniqueIndex('leads_workspace_recent_key').on(t.workspaceId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('leads_workspace_status_recent_idx').on(t.workspaceId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('leads_workspace_source_recent_idx').on(t.workspaceId, t.source, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A contact import's de-duplication by handle (db/contact-import/import-chunk.ts).
    index('leads_workspace_handle_idx').on(t.workspaceId, sql`lower(${t.socialHandle})`),
    index('leads_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * How many leads a workspace has per (status, source), kept by a trigger on `leads` (migration
 * 0011): the stats row and the page count of an unsearched list read these few rows instead of
 * counting 100k leads on every page. Only creating, deleting or re-statusing a lead touches them.
 * `shard` (migration 0031): each writer adds to one of 16 rows of its key, chosen by its database
 * connection (pg_backend_pid() % 16), at its commit; a read sums over the shards.
 */
export const leadCounts = pgTable(
  'lead_counts',
  {
    workspaceId: workspaceIdColumn(),
    status: text('status').notNull(),
    source: text('source').notNull(),
    shard: smallint('shard').notNull().default(0),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.status, t.source, t.shard] })],
);
