import { useMemo, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { ConversationFilters } from './conversation-filters';
import { ConversationList } from './conversation-list';
import { ConversationThread, NoConversationSelected } from './conversation-thread';
import type { ConversationFilters as Filters } from './inbox.api';
import { LiveIndicator } from './live-indicator';
import { MessagingLayout } from './messaging-layout';
import { useCachedConversation, useConversations } from './use-conversations';
import { useSelectedConversation } from './use-selected-conversation';

const initialFilters: Filters = { platform: 'all', status: 'all', search: '' };

/** docs/product-spec.md §2 Unified inbox: filtered list on the left, the chosen thread on the right, live over /ws. */
export function InboxPage() {
  const [filters, setFilters] = useState<Filters>(initialFilters);
  const search = useDebouncedValue(filters.search, 300);
  const serverFilters = useMemo(() => ({ ...filters, search }), [filters, search]);
  const list = useConversations(serverFilters, filters);
  const [selectedId, select] = useSelectedConversation();
  const selected = useCachedConversation(selectedId, list.conversations);

  return (
    <div>
      <PageHeader
        title="Unified Inbox"
        description={<span className="hidden sm:inline">Every Instagram, Messenger and X conversation in one place.</span>}
        actions={<LiveIndicator />}
      />
      <MessagingLayout
        hasSelection={Boolean(selectedId)}
        listHeader={<ConversationFilters value={filters} onChange={setFilters} />}
        list={
          <ConversationList
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
            <ConversationThread key={selectedId} conversationId={selectedId} conversation={selected} variant="inbox" onBack={() => select(null)} />
          ) : (
            <NoConversationSelected />
          )
        }
      />
    </div>
  );
}
