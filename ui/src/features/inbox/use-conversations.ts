import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Conversation, ConversationsPage } from '@contracts/inbox';
import { useLiveFallbackInterval } from '../../lib/use-live-events';
import { fetchConversation, fetchConversations, type ConversationFilters } from './inbox.api';
import { filterConversations, mergeConversationPages } from './inbox.helpers';
import { inboxKeys } from './inbox.keys';

/**
 * GET /api/conversations with keyset "Load more". The server filters; the same filters are applied
 * again on the client (docs/product-spec.md §5) with `clientFilters` — the undebounced search, so typing narrows the
 * list at once while the server query waits for a pause.
 */
export function useConversations(filters: ConversationFilters, clientFilters: ConversationFilters = filters) {
  const pollMs = useLiveFallbackInterval(10_000);
  const query = useInfiniteQuery({
    queryKey: inboxKeys.list(filters),
    queryFn: ({ pageParam }) => fetchConversations(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    refetchInterval: pollMs,
  });
  const conversations = useMemo(() => filterConversations(mergeConversationPages(query.data?.pages), clientFilters), [query.data, clientFilters]);
  return { ...query, conversations };
}

/**
 * The selected conversation: from any cached list when it is there (no extra request), else from
 * GET /api/conversations/:id (a reload with ?c= deep in the list, or a filter that hides it).
 */
export function useCachedConversation(id: string | null, visible: Conversation[]): Conversation | null {
  const queryClient = useQueryClient();
  const fromLists = useMemo(() => {
    if (!id) return null;
    const inView = visible.find((c) => c.id === id);
    if (inView) return inView;
    const cached = queryClient.getQueriesData<InfiniteData<ConversationsPage>>({ queryKey: inboxKeys.lists });
    for (const [, data] of cached) {
      const found = mergeConversationPages(data?.pages).find((c) => c.id === id);
      if (found) return found;
    }
    return null;
  }, [id, visible, queryClient]);
  const detail = useQuery({
    queryKey: inboxKeys.detail(id ?? ''),
    queryFn: () => fetchConversation(id!),
    enabled: Boolean(id) && !fromLists,
  });
  return fromLists ?? detail.data ?? null;
}
