import type { ConversationFilters } from './inbox.api';

/** TanStack Query keys for the inbox; the live-event hook invalidates by these. */
export const inboxKeys = {
  lists: ['conversations', 'list'] as const,
  list: (filters: ConversationFilters) => ['conversations', 'list', filters] as const,
  details: ['conversations', 'detail'] as const,
  detail: (conversationId: string) => ['conversations', 'detail', conversationId] as const,
  /** The contact panels; a run's change invalidates all of them (the event names no conversation). */
  contacts: ['conversations', 'contact'] as const,
  contact: (conversationId: string) => ['conversations', 'contact', conversationId] as const,
  allMessages: ['conversations', 'messages'] as const,
  messages: (conversationId: string) => ['conversations', 'messages', conversationId] as const,
};
