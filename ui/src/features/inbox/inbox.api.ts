import type { ContactPanel, Conversation, ConversationsPage, ConversationStatus, Message, MessagesPage } from '@contracts/inbox';
import type { Platform } from '@contracts/platforms';
import { apiGet, apiPost, apiRequest } from '../../lib/api';
import type { AssigneeView } from './assignment/assignment.api';

export interface ConversationFilters {
  platform: Platform | 'all';
  status: ConversationStatus | 'all';
  search: string;
  /** The inbox's views (absent or 'all': everyone's). */
  assignee?: AssigneeView;
}

export interface ConversationPatch {
  status?: ConversationStatus;
  priority?: Conversation['priority'];
  tags?: string[];
  read?: true;
  assigneeId?: string | null;
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '' && value !== 'all') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const PAGE_SIZE = 30;

export const fetchConversations = (filters: ConversationFilters, cursor: string | undefined) =>
  apiGet<ConversationsPage>(`/api/conversations${query({ ...filters, search: filters.search.trim(), cursor, limit: PAGE_SIZE })}`);

export const fetchConversation = (conversationId: string) => apiGet<Conversation>(`/api/conversations/${encodeURIComponent(conversationId)}`);

export const fetchMessages = (conversationId: string, before: string | undefined) =>
  apiGet<MessagesPage>(`/api/conversations/${encodeURIComponent(conversationId)}/messages${query({ before, limit: 50 })}`);

export const sendMessage = (conversationId: string, content: string) =>
  apiPost<{ message: Message }>(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, { content });

export const updateConversation = (conversationId: string, patch: ConversationPatch) =>
  apiRequest<Conversation>('PATCH', `/api/conversations/${encodeURIComponent(conversationId)}`, patch);

export const fetchContactPanel = (conversationId: string) => apiGet<ContactPanel>(`/api/conversations/${encodeURIComponent(conversationId)}/contact`);
