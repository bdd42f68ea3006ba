import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '@contracts/inbox';
import {
  appendMessage,
  filterConversations,
  markWords,
  mergeConversationPages,
  mergeMessagePages,
  nextStatusAction,
  normaliseTags,
  priorityDotClass,
  replaceConversation,
} from './inbox.helpers';

function conv(id: string, over: Partial<Conversation> = {}): Conversation {
  return {
    id,
    accountId: 'a1',
    contactId: `k-${id}`,
    platform: 'instagram',
    status: 'open',
    priority: 'normal',
    customerName: `Customer ${id}`,
    customerUsername: null,
    externalUserId: `x-${id}`,
    lastMessage: `hello from ${id}`,
    lastMessageTime: '2025-01-01T10:00:00.000Z',
    updatedAt: '2025-01-01T10:00:00.000Z',
    unreadCount: 0,
    tags: [],
    contactOptedOut: false,
    automation: { paused: false, pausedUntil: null, pausedBy: null },
    assigneeId: null,
    ...over,
  };
}

function msg(id: string): Message {
  return {
    id,
    authorId: null,
    conversationId: 'c1',
    content: id,
    direction: 'inbound',
    isFromUser: true,
    status: 'sent',
    error: null,
    source: 'contact',
    createdAt: '2025-01-01T10:00:00.000Z',
    timestamp: '2025-01-01T10:00:00.000Z',
  };
}

describe('priorityDotClass (docs/product-spec.md §2)', () => {
  it('high red, normal yellow, low green, anything else grey', () => {
    expect(priorityDotClass('high')).toBe('bg-red-500');
    expect(priorityDotClass('normal')).toBe('bg-yellow-400');
    expect(priorityDotClass('low')).toBe('bg-green-500');
    expect(priorityDotClass('urgent')).toBe('bg-slate-400');
    expect(priorityDotClass(null)).toBe('bg-slate-400');
    expect(priorityDotClass(undefined)).toBe('bg-slate-400');
  });
});

describe('nextStatusAction (docs/product-spec.md §4)', () => {
  it('open closes; pending and closed reopen to open', () => {
    expect(nextStatusAction('open')).toEqual({ label: 'Close', status: 'closed' });
    expect(nextStatusAction('closed')).toEqual({ label: 'Reopen', status: 'open' });
    expect(nextStatusAction('pending')).toEqual({ label: 'Reopen', status: 'open' });
  });
});

describe('filterConversations (docs/product-spec.md §5 client-side search)', () => {
  const list = [
    conv('1', { customerName: 'Maya Chen', lastMessage: 'What is the PRICE?' }),
    conv('2', { customerName: 'Leo', platform: 'facebook', status: 'closed', lastMessage: 'thanks' }),
    conv('3', { customerName: 'Priya', platform: 'twitter', lastMessage: null }),
  ];
  const all = { platform: 'all', status: 'all', search: '' } as const;

  it('matches name or last message, case-insensitively, trimmed', () => {
    expect(filterConversations(list, { ...all, search: '  maya ' }).map((c) => c.id)).toEqual(['1']);
    expect(filterConversations(list, { ...all, search: 'price' }).map((c) => c.id)).toEqual(['1']);
    expect(filterConversations(list, { ...all, search: 'nobody' })).toEqual([]);
  });

  it('every word, in any order, punctuation aside; in the name and handle, the last message or the message the server matched', () => {
    expect(filterConversations(list, { ...all, search: 'chen maya' }).map((c) => c.id)).toEqual(['1']);
    expect(filterConversations(list, { ...all, search: 'Price? what' }).map((c) => c.id)).toEqual(['1']);
    // Not one word in the name and the other in the message.
    expect(filterConversations(list, { ...all, search: 'maya price' })).toEqual([]);
    const found = conv('4', {
      customerName: 'Ana',
      lastMessage: 'ok',
      match: { messageId: 'm', text: 'Is the blue one in stock?', createdAt: '2026-01-01T00:00:00.000Z' },
    });
    expect(filterConversations([found], { ...all, search: 'stock blue' }).map((c) => c.id)).toEqual(['4']);
    const handle = conv('5', { customerName: 'Ana', customerUsername: 'ana.lopez417' });
    expect(filterConversations([handle], { ...all, search: 'ana.lopez4' }).map((c) => c.id)).toEqual(['5']);
  });

  it('combines with the platform and status filters', () => {
    expect(filterConversations(list, { ...all, platform: 'facebook' }).map((c) => c.id)).toEqual(['2']);
    expect(filterConversations(list, { ...all, status: 'open' }).map((c) => c.id)).toEqual(['1', '3']);
    expect(filterConversations(list, { platform: 'facebook', status: 'open', search: '' })).toEqual([]);
    expect(filterConversations(list, all)).toHaveLength(3);
  });
});

describe('cursor page merging', () => {
  it('flattens conversation pages in order, first copy of a repeated id wins', () => {
    const moved = conv('2', { lastMessage: 'newest' });
    const pages = [
      { conversations: [conv('1'), moved], nextCursor: 'c1' },
      { conversations: [conv('2'), conv('3')], nextCursor: null },
    ];
    const merged = mergeConversationPages(pages);
    expect(merged.map((c) => c.id)).toEqual(['1', '2', '3']);
    expect(merged[1]!.lastMessage).toBe('newest');
    expect(mergeConversationPages(undefined)).toEqual([]);
  });

  it('reads message pages (newest page first, each oldest-first) as one oldest-first thread', () => {
    const pages = [
      { messages: [msg('m3'), msg('m4')], nextCursor: 'older' },
      { messages: [msg('m1'), msg('m2')], nextCursor: null },
    ];
    expect(mergeMessagePages(pages).map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4']);
  });

  it('a message in two pages appears once', () => {
    const pages = [
      { messages: [msg('m2'), msg('m3')], nextCursor: 'older' },
      { messages: [msg('m1'), msg('m2')], nextCursor: null },
    ];
    expect(mergeMessagePages(pages).map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
  });
});

describe('cache updates', () => {
  it('replaceConversation swaps the row in whichever page holds it and keeps other pages', () => {
    const data = {
      pages: [
        { conversations: [conv('1')], nextCursor: 'x' },
        { conversations: [conv('2')], nextCursor: null },
      ],
      pageParams: [undefined, 'x'],
    };
    const next = replaceConversation(data, conv('2', { status: 'closed' }))!;
    expect(next.pages[1]!.conversations[0]!.status).toBe('closed');
    expect(next.pages[0]).toBe(data.pages[0]);
    expect(replaceConversation(data, conv('9'))).toBe(data);
  });

  it('appendMessage adds to the newest page once', () => {
    const data = { pages: [{ messages: [msg('m1')], nextCursor: null }], pageParams: [undefined] };
    const once = appendMessage(data, msg('m2'))!;
    expect(once.pages[0]!.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(appendMessage(once, msg('m2'))).toBe(once);
  });
});

describe('normaliseTags', () => {
  it('trims, drops empties and case-insensitive duplicates', () => {
    expect(normaliseTags([' vip ', 'VIP', '', 'lead', '  '])).toEqual(['vip', 'lead']);
  });
});

describe('markWords', () => {
  it('marks every occurrence of each word, case-insensitively, keeping the text', () => {
    expect(markWords('Price? The PRICE list', 'price list')).toEqual([
      { text: 'Price', marked: true },
      { text: '? The ', marked: false },
      { text: 'PRICE', marked: true },
      { text: ' ', marked: false },
      { text: 'list', marked: true },
    ]);
    expect(markWords('hello', '')).toEqual([{ text: 'hello', marked: false }]);
    expect(markWords('a (b) c', '(b)')).toEqual([
      { text: 'a (', marked: false },
      { text: 'b', marked: true },
      { text: ') c', marked: false },
    ]);
  });
});
