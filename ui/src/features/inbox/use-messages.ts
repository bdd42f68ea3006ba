import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLiveFallbackInterval } from '../../lib/use-live-events';
import { fetchMessages } from './inbox.api';
import { mergeMessagePages } from './inbox.helpers';
import { inboxKeys } from './inbox.keys';

/** A thread, newest page first; "Load older messages" follows `nextCursor`. */
export function useMessages(conversationId: string | null) {
  const pollMs = useLiveFallbackInterval(5000);
  const query = useInfiniteQuery({
    queryKey: inboxKeys.messages(conversationId ?? ''),
    queryFn: ({ pageParam }) => fetchMessages(conversationId!, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(conversationId),
    refetchInterval: pollMs,
  });
  const messages = useMemo(() => mergeMessagePages(query.data?.pages), [query.data]);
  return { ...query, messages };
}
