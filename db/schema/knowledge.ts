import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, tsvector, workspaceIdColumn } from './columns';
import { contacts } from './inbox';
import { users } from './users';
import { workspaces } from './workspaces';

/**
 * What a business knows (docs/product-spec.md §3, "tiered knowledge base"): profile answers
 * (question ids business_hours, pricing, shipping, returns, unique_value), offers, FAQ entries,
 * free-text documents, testimonials and pages imported by the website scan. Retrieval is
 * PostgreSQL full-text search over `search` (title weighted A, body B, the structured facts C: an
 * offer's duration, a testimonial's author; an offer's price answers price questions from
 * `price_cents` itself) in the
 * `replypilot_text` configuration (English stemming after unaccent, migration 0038), with pg_trgm
 * on the title for typos; there is no separate vector store (db/knowledge/search-knowledge.ts).
 * `visibility`: 'public' entries may be sent to contacts (the AI Reply node, suggested replies);
 * 'internal' ones only answer the workspace's own people (ADR 0037). The column default is the
 * safe one; the API sets it per kind (contracts/knowledge.ts `defaultVisibility`).
 */
export const knowledgeEntries = pgTable(
  'knowledge_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    kind: text('kind').notNull(),
    /** Profile answers only: which onboarding question this answers. */
    questionId: text('question_id'),
    /** FAQ: the question; offer: its name; page: its title; document/testimonial: a label. */
    title: text('title').notNull(),
    /** FAQ: the answer; profile: the answer; offer: its description; page/document: the text; testimonial: the quote. */
    body: text('body').notNull(),
    /** Offers: price in cents USD. */
    priceCents: integer('price_cents'),
    /** Offers: e.g. "6 weeks", "one-off". */
    duration: text('duration'),
    /** Offers: where to buy; pages: the page's address. */
    url: text('url'),
    /** Testimonials: who said it. */
    author: text('author'),
    /** typed (by hand), scan (website scan), onboarding (the wizard's Knowledge Builder). */
    source: text('source').notNull().default('typed'),
    /** The scanned page an entry came from (source scan). */
    sourceUrl: text('source_url'),
    /** public: may be sent to contacts; internal: answers the workspace's own people only (ADR 0037). */
    visibility: text('visibility').notNull().default('internal'),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('replypilot_text'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('replypilot_text'::regconfig, coalesce("body", '')), 'B') || setweight(to_tsvector('replypilot_text'::regconfig, coalesce("duration", '') || ' ' || coalesce("author", '')), 'C')`,
      ),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('knowledge_entries_kind_check', sql`${t.kind} in ('profile', 'offer', 'faq', 'document', 'testimonial', 'page')`),
    check('knowledge_entries_source_check', sql`${t.source} in ('typed', 'scan', 'onboarding')`),
    check('knowledge_entries_price_check', sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    check('knowledge_entries_visibility_check', sql`${t.visibility} in ('public', 'internal')`),
    uniqueIndex('knowledge_entries_workspace_kind_key').on(t.workspaceId, t.kind, t.createdAt, t.id),
    // btree_gin (migration 0015): one GIN on both columns, so a search reads only its workspace's postings.
    index('knowledge_entries_workspace_search_idx').using('gin', t.workspaceId, t.search),
    uniqueIndex('knowledge_entries_profile_question_key')
      .on(t.workspaceId, t.questionId)
      .where(sql`${t.kind} = 'profile'`),
    uniqueIndex('knowledge_entries_scanned_page_key')
      .on(t.workspaceId, t.url)
      .where(sql`${t.kind} = 'page'`),
  ],
);

/**
 * The AI assistant's exchanges of signed-in users (/ai-chat, the dashboard panel, the inbox's
 * "Suggest reply"): each answer with how it was made, so feedback points at a real message and a
 * user's quota is counted from what was answered.
 */
export const aiChatMessages = pgTable(
  'ai_chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    conversationId: uuid('conversation_id').notNull(),
    role: text('role').notNull(),
    content: text('content').notNull(),
    /** Assistant messages: model (a provider answered), knowledge_base (quoted entries, no model), fallback. */
    mode: text('mode'),
    confidence: real('confidence'),
    funnelStage: text('funnel_stage'),
    /** The knowledge entries the answer was given from: [{id, kind, title}]. */
    sources: jsonb('sources')
      .notNull()
      .default(sql`'[]'::jsonb`),
    model: text('model'),
    tokensIn: integer('tokens_in'),
    tokensOut: integer('tokens_out'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('ai_chat_messages_user_id_idx').on(t.userId),
    check('ai_chat_messages_role_check', sql`${t.role} in ('user', 'assistant')`),
    uniqueIndex('ai_chat_messages_conversation_key').on(t.workspaceId, t.conversationId, t.createdAt, t.id),
  ],
);

/**
 * Model answers per workspace per UTC month: the one count the monthly allowance
 * (contracts/ai.ts `aiAllowances`) is checked against, for every model answer — /ai-chat, the
 * dashboard panel, smart KB, "Suggest reply" and the flows' AI Reply steps. A call claims its answer
 * before it goes out and gives it back if the model failed (db/ai/model-allowance.ts).
 */
export const aiModelUsage = pgTable(
  'ai_model_usage',
  {
    workspaceId: workspaceIdColumn(),
    /** The first day of the UTC month. */
    month: date('month').notNull(),
    answers: integer('answers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.month] }), check('ai_model_usage_answers_check', sql`${t.answers} >= 0`)],
);

/**
 * Model answers the flows' AI Reply steps gave one contact on one UTC day: the per-contact allowance
 * (AI_CONTACT_ANSWERS_PER_DAY, ADR 0037), so strangers' DMs cannot use up the workspace's month.
 * One row per contact, reset when the day changes (db/ai/model-allowance.ts).
 */
export const aiContactUsage = pgTable(
  'ai_contact_usage',
  {
    contactId: uuid('contact_id')
      .primaryKey()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    /** The UTC day `answers` counts. */
    day: date('day').notNull(),
    answers: integer('answers').notNull().default(0),
  },
  (t) => [
    uniqueIndex('ai_contact_usage_workspace_contact_key').on(t.workspaceId, t.contactId),
    check('ai_contact_usage_answers_check', sql`${t.answers} >= 0`),
  ],
);

/** Thumbs on an assistant answer (docs/product-spec.md §3 Feedback). Anonymous widget feedback has no user or workspace. */
export const aiFeedback = pgTable(
  'ai_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    conversationId: text('conversation_id').notNull(),
    messageId: text('message_id').notNull(),
    rating: text('rating').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('ai_feedback_user_id_idx').on(t.userId),
    check('ai_feedback_rating_check', sql`${t.rating} in ('thumbs_up', 'thumbs_down')`),
    uniqueIndex('ai_feedback_workspace_key').on(t.workspaceId, t.createdAt, t.id),
  ],
);

/**
 * What the bell shows: one row per thing a user should know (usage at 80 % and 100 % of the
 * message limit, and later failed sends and account problems). `key` makes a notice at most once
 * per subject and period (e.g. `usage-80:2026-11`).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('notifications_workspace_key').on(t.workspaceId, t.createdAt, t.id),
    uniqueIndex('notifications_user_key').on(t.userId, t.key),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
  ],
);
