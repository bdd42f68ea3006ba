import { useMemo, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { ConversationFilters } from '../inbox/conversation-filters';
import { ConversationList } from '../inbox/conversation-list';
import { ConversationThread } from '../inbox/conversation-thread';
import type { ConversationFilters as Filters } from '../inbox/inbox.api';
import { MessageComposer } from '../inbox/message-composer';
import { MessagingLayout } from '../inbox/messaging-layout';
import { useCachedConversation, useConversations } from '../inbox/use-conversations';
import { useSelectedConversation } from '../inbox/use-selected-conversation';

const initialFilters: Filters = { platform: 'all', status: 'all', search: '' };

/**
 * docs/product-spec.md §2 Conversation Manager: the inbox's list and thread, simpler (no filters beyond search, no
 * header actions); the reply box needs text and a selected conversation.
 */
export function ConversationsPage() {
  const [filters, setFilters] = useState<Filters>(initialFilters);
  const search = useDebouncedValue(filters.search, 300);
  const serverFilters = useMemo(() => ({ ...filters, search }), [filters, search]);
  const list = useConversations(serverFilters, filters);
  const [selectedId, select] = useSelectedConversation();
  const selected = useCachedConversation(selectedId, list.conversations);

  return (
    <div>
      <PageHeader title="Conversation Manager" description={<span className="hidden sm:inline">Reply to conversations across your connected accounts.</span>} />
      <MessagingLayout
        hasSelection={Boolean(selectedId)}
        listHeader={<ConversationFilters value={filters} onChange={setFilters} searchOnly />}
        list={
          <ConversationList
            compact
            conversations={list.conversations}
            selectedId={selectedId}
            onSelect={select}
            isPending={list.isPending}
            error={list.error}
            hasNextPage={list.hasNextPage}
            isFetchingNextPage={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
          />
        }
        thread={
          selectedId ? (
            <ConversationThread key={selectedId} conversationId={selectedId} conversation={selected} variant="manager" onBack={() => select(null)} />
          ) : (
            <div className="flex h-full flex-col">
              <div className="flex flex-1 items-center justify-center p-10 text-center text-sm text-slate-500 dark:text-slate-400">
                Pick a conversation on the left to read and reply.
              </div>
              <MessageComposer onSend={() => Promise.resolve()} pending={false} disabled />
            </div>
          )
        }
      />
    </div>
  );
}
