import { z } from 'zod';
import type { RunSummary } from './flows/runs.api';
import type { Lead } from './leads';
import { platformSchema, type Platform } from './platforms';
import type { ConversationAutomation } from './takeover';

export const conversationStatusSchema = z.enum(['open', 'pending', 'closed']);
export type ConversationStatus = z.infer<typeof conversationStatusSchema>;
export const prioritySchema = z.enum(['high', 'normal', 'low']);

/** docs/product-spec.md §3 Conversation (inbox): an item of `GET /api/conversations`, and the body of `GET`/`PATCH /api/conversations/:id` (404 for another workspace). */
export interface Conversation {
  id: string;
  accountId: string;
  contactId: string;
  platform: Platform;
  status: ConversationStatus;
  priority: 'high' | 'normal' | 'low';
  customerName: string;
  customerUsername: string | null;
  externalUserId: string;
  lastMessage: string | null;
  lastMessageTime: string | null;
  updatedAt: string;
  unreadCount: number;
  tags: string[];
  /**
   * Search results only (`search` given): the message the search found this conversation by, its
   * newest matching one (null when the customer's name or handle matched).
   */
  match?: ConversationMatch | null;
  /** The contact opted out (contracts/opt-out.ts): nothing automated reaches them; a person may still reply. */
  contactOptedOut: boolean;
  /** Human takeover (contracts/takeover.ts): the bot answers, or a member took over until a time. */
  automation: ConversationAutomation;
  /** The member handling it (a user id of the workspace), or null: Unassigned. */
  assigneeId: string | null;
}

export interface ConversationMatch {
  messageId: string;
  /** The message's text, at most 280 characters of it. */
  text: string;
  createdAt: string;
}

/**
 * GET /api/conversations — keyset pagination: pass `cursor` = previous `nextCursor`. With `search`,
 * conversations whose customer's name or handle contains every word, or with a message holding every
 * word (one word alone also as a prefix), newest match first, each once over all pages
 * (db/inbox/search-conversations.ts). A search of only one- or two-letter words looks through the
 * names of a page of recent conversations at a time, so its page can come back short, even empty,
 * with a `nextCursor`.
 */
export const listConversationsQuerySchema = z.object({
  platform: z.union([platformSchema, z.literal('all')]).optional(),
  status: z.union([conversationStatusSchema, z.literal('all')]).optional(),
  search: z.string().trim().max(200).optional(),
  /** The inbox views: Mine (`me`), Unassigned, or one member's (their user id); absent: All. */
  assignee: z.union([z.literal('me'), z.literal('unassigned'), z.uuid({ error: 'assignee is me, unassigned or a member’s user id' })]).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export interface ConversationsPage {
  conversations: Conversation[];
  nextCursor: string | null;
}

export interface Message {
  id: string;
  conversationId: string;
  content: string;
  /** `note`: a member's internal note, never sent to the contact. */
  direction: 'inbound' | 'outbound' | 'note';
  /** docs/product-spec.md §3: some callers read isFromUser (true = the customer wrote it). */
  isFromUser: boolean;
  status: 'queued' | 'sent' | 'failed';
  error: string | null;
  /**
   * What sent it: a person in the inbox, a comment rule, a flow… `comment` is the person's public
   * comment on one of the account's posts (what a comment rule or flow answered), shown in the thread.
   */
  source: 'contact' | 'inbox' | 'comment_rule' | 'flow' | 'comment' | 'broadcast' | 'sequence' | 'opt_out' | 'note';
  /** A note's author (a user id); null for every other message. */
  authorId: string | null;
  createdAt: string;
  timestamp: string;
}

/** GET /api/conversations/:id/messages — newest page first; `before` = previous `nextCursor`. */
export const listMessagesQuerySchema = z.object({
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export interface MessagesPage {
  /** Oldest first, ready to render top to bottom. */
  messages: Message[];
  /** Cursor for older messages, or null at the start of the thread. */
  nextCursor: string | null;
}

export const sendMessageBodySchema = z.object({
  content: z
    .string({ error: 'Message content is required' })
    .trim()
    .min(1, 'Message content is required')
    .max(2000, 'Messages are limited to 2,000 characters'),
  isFromUser: z.boolean().optional(),
});

const assigneeIdSchema = z.uuid({ error: 'assigneeId is a member’s user id, or null to unassign' }).nullable();

/** POST /api/conversations/:id/notes — an internal note; `@firstname` (or the email's name) notifies that member. */
export const addNoteBodySchema = z.object({
  content: z.string({ error: 'Note content is required' }).trim().min(1, 'Note content is required').max(2000, 'Notes are limited to 2,000 characters'),
});

export const updateConversationBodySchema = z
  .object({
    status: conversationStatusSchema.optional(),
    priority: prioritySchema.optional(),
    tags: z.array(z.string().trim().min(1).max(40)).max(20).optional(),
    /** Marks the conversation read (unreadCount = 0). */
    read: z.literal(true).optional(),
    /** Assign to a member who may reply (owner, admin, editor, agent), or null to unassign. */
    assigneeId: assigneeIdSchema.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update' });

/** POST /api/conversations/assign — several conversations to one member (or null: unassign), all or none. */
export const bulkAssignBodySchema = z.object({
  conversationIds: z
    .array(z.uuid({ error: 'Each conversation id is a UUID' }))
    .min(1, 'Choose at least one conversation')
    .max(100, 'At most 100 conversations at a time'),
  assigneeId: assigneeIdSchema,
});
export interface BulkAssignResult {
  /** How many changed assignee (those already assigned to them are not counted). */
  updated: number;
}

/** Pushed on /ws to the workspace's browsers. */
export type InboxEvent =
  | { type: 'conversation.updated'; conversationId: string }
  /** Several conversations changed assignee at once (a member was removed or can no longer reply). */
  | { type: 'conversations.reassigned' }
  | { type: 'message.created'; conversationId: string; messageId: string }
  | { type: 'message.updated'; conversationId: string; messageId: string }
  | { type: 'outbox.delivered'; accountId: string }
  /** A flow run changed status or recorded a step (Runs view). */
  | { type: 'run.updated'; runId: string; flowId: string; status: string }
  /** A connected account's health changed or was checked (Connect Accounts, the health banner). */
  | { type: 'account.updated'; accountId: string };

/**
 * GET /api/conversations/:id/contact — the inbox's contact panel: who the person is, their lead,
 * the flow runs they are in, and their other conversations (the same platform user seen by another
 * of the workspace's accounts). 404 for another workspace's conversation.
 */
export interface ContactPanel {
  contact: {
    id: string;
    name: string;
    username: string | null;
    platform: Platform;
    externalUserId: string;
    /** Contact tags (set by flows), not the conversation's tags. */
    tags: string[];
    /** Custom fields a flow saved (e.g. an email it asked for); values as the flow stored them. */
    customFields: Record<string, string | number | boolean | null>;
    firstSeenAt: string;
    /** They sent a stop word (contracts/opt-out.ts): nothing automated is sent until they send a start word. */
    optedOut: boolean;
    /** When they opted out; null while subscribed. */
    optedOutAt: string | null;
  };
  /** The contact's lead, or null when they are not a lead. */
  lead: Lead | null;
  /** Newest first, at most CONTACT_PANEL_RUNS. */
  runs: RunSummary[];
  /** Newest first, at most CONTACT_PANEL_CONVERSATIONS. */
  otherConversations: Conversation[];
}
export const CONTACT_PANEL_RUNS = 10;
export const CONTACT_PANEL_CONVERSATIONS = 10;
