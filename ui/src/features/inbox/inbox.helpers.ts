import type { InfiniteData } from '@tanstack/react-query';
import type { Conversation, ConversationsPage, Message, MessagesPage } from '@contracts/inbox';
import type { BadgeTone } from '../../components/badge';
import type { ConversationFilters } from './inbox.api';

/** docs/product-spec.md §2: high red, normal yellow, low green, anything else grey. */
export function priorityDotClass(priority: string | null | undefined): string {
  switch (priority) {
    case 'high':
      return 'bg-red-500';
    case 'normal':
      return 'bg-yellow-400';
    case 'low':
      return 'bg-green-500';
    default:
      return 'bg-slate-400';
  }
}

export function statusTone(status: string): BadgeTone {
  if (status === 'open') return 'success';
  if (status === 'pending') return 'warning';
  return 'neutral';
}

/** docs/product-spec.md §4: an open conversation can be closed; any other is reopened to open. */
export function nextStatusAction(status: Conversation['status']): { label: 'Close' | 'Reopen'; status: 'closed' | 'open' } {
  return status === 'open' ? { label: 'Close', status: 'closed' } : { label: 'Reopen', status: 'open' };
}

/** The words of a search as the client compares them: lower-cased runs of letters and digits. */
export function searchNeedles(search: string): string[] {
  return search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * docs/product-spec.md §5, on the client: the list narrowed at once while the server's search waits
 * for a pause in typing. Every word must be in the customer's name or handle, or in the last
 * message, or in the message the server found the conversation by, so a row the server found is
 * never hidden by it.
 */
export function filterConversations(list: Conversation[], filters: ConversationFilters): Conversation[] {
  const needles = searchNeedles(filters.search);
  const hasAll = (text: string | null | undefined) => {
    const t = (text ?? '').toLowerCase();
    return needles.every((n) => t.includes(n));
  };
  return list.filter((c) => {
    if (filters.platform !== 'all' && c.platform !== filters.platform) return false;
    if (filters.status !== 'all' && c.status !== filters.status) return false;
    // Mine needs the member's id: the server's answer decides it (refetched on every assignment).
    if (filters.assignee === 'unassigned' && c.assigneeId !== null) return false;
    if (needles.length === 0) return true;
    return hasAll(`${c.customerName} ${c.customerUsername ?? ''}`) || hasAll(c.lastMessage) || hasAll(c.match?.text);
  });
}

/** `text` cut into parts, the search's words marked (case-insensitively), for highlighting a match. */
export function markWords(text: string, search: string): { text: string; marked: boolean }[] {
  const needles = searchNeedles(search).sort((a, b) => b.length - a.length);
  if (needles.length === 0) return [{ text, marked: false }];
  const pattern = new RegExp(`(${needles.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'giu');
  return text
    .split(pattern)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, marked: needles.includes(part.toLowerCase()) }));
}

/**
 * Keyset pages flattened in order. A conversation that moved to the top between two page loads can
 * show up twice; the first (newest) copy wins.
 */
export function mergeConversationPages(pages: readonly ConversationsPage[] | undefined): Conversation[] {
  const seen = new Set<string>();
  const out: Conversation[] = [];
  for (const page of pages ?? []) {
    for (const c of page.conversations) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push(c);
    }
  }
  return out;
}

/** Message pages arrive newest page first, each oldest-first; the thread reads oldest to newest. */
export function mergeMessagePages(pages: readonly MessagesPage[] | undefined): Message[] {
  const byId = new Map<string, Message>();
  for (const page of [...(pages ?? [])].reverse()) {
    for (const m of page.messages) byId.set(m.id, m);
  }
  return [...byId.values()];
}

/** Swaps in the server's copy of a conversation wherever a cached list page holds it. */
export function replaceConversation(
  data: InfiniteData<ConversationsPage, string | undefined> | undefined,
  updated: Conversation,
): InfiniteData<ConversationsPage, string | undefined> | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.conversations.some((c) => c.id === updated.id)) return page;
    changed = true;
    return { ...page, conversations: page.conversations.map((c) => (c.id === updated.id ? updated : c)) };
  });
  return changed ? { ...data, pages } : data;
}

/** Adds a just-sent message to the newest page unless the live refetch already brought it. */
export function appendMessage(
  data: InfiniteData<MessagesPage, string | undefined> | undefined,
  message: Message,
): InfiniteData<MessagesPage, string | undefined> | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((p) => p.messages.some((m) => m.id === message.id))) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, messages: [...first!.messages, message] }, ...rest] };
}

/** Tags trimmed, empty dropped, de-duplicated case-insensitively (first spelling kept). */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const raw of tags) {
    const tag = raw.trim().slice(0, 40);
    if (tag && !seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag);
  }
  return [...seen.values()];
}
