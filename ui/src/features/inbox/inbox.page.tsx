import { useMemo, useState } from 'react';
import { Button } from '../../components/button';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SavedRepliesDialog } from '../saved-replies/saved-replies-dialog';
import { ContactPanel } from './contact-panel';
import { ConversationFilters } from './conversation-filters';
import { ConversationList } from './conversation-list';
import { ConversationThread, NoConversationSelected } from './conversation-thread';
import type { ConversationFilters as Filters } from './inbox.api';
import { KeyboardShortcuts } from './keyboard-shortcuts';
import { LiveIndicator } from './live-indicator';
import { MessagingLayout, WIDE_QUERY } from './messaging-layout';
import { useConversationKeys } from './use-conversation-keys';
import { useCachedConversation, useConversations } from './use-conversations';
import { useSelectedConversation } from './use-selected-conversation';

const initialFilters: Filters = { platform: 'all', status: 'all', search: '' };

/**
 * docs/product-spec.md §2 Unified inbox: filtered list on the left, the chosen thread in the middle, the
 * contact panel on the right (a drawer on small screens), live over /ws; j/k move between conversations.
 */
export function InboxPage() {
  const [filters, setFilters] = useState<Filters>(initialFilters);
  const search = useDebouncedValue(filters.search, 300);
  const serverFilters = useMemo(() => ({ ...filters, search }), [filters, search]);
  const list = useConversations(serverFilters, filters);
  const [selectedId, select] = useSelectedConversation();
  const selected = useCachedConversation(selectedId, list.conversations);
  // Beside the thread on wide screens from the start; a drawer opened on demand below.
  const [contactOpen, setContactOpen] = useState(() => window.matchMedia(WIDE_QUERY).matches);
  const [savedRepliesOpen, setSavedRepliesOpen] = useState(false);
  const ids = useMemo(() => list.conversations.map((c) => c.id), [list.conversations]);
  useConversationKeys(ids, selectedId, select);
  // Nothing at all, not just nothing matching a filter: say how conversations arrive.
  const unfiltered = filters.platform === 'all' && filters.status === 'all' && !search.trim();
  const inboxEmpty = unfiltered && !list.isPending && !list.error && list.conversations.length === 0;

  return (
    <div>
      <PageHeader
        title="Unified Inbox"
        description={<span className="hidden sm:inline">Every Instagram, Messenger and X conversation in one place.</span>}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <LiveIndicator />
            <KeyboardShortcuts />
            <Button variant="outline" size="sm" onClick={() => setSavedRepliesOpen(true)}>
              <Icon name="message-square" size={16} /> <span className="hidden sm:inline">Saved replies</span>
              <span className="sr-only sm:hidden">Saved replies</span>
            </Button>
          </div>
        }
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
            search={search}
          />
        }
        thread={
          selectedId ? (
            <ConversationThread
              key={selectedId}
              conversationId={selectedId}
              conversation={selected}
              variant="inbox"
              onBack={() => select(null)}
              contact={{ open: contactOpen, onToggle: () => setContactOpen((open) => !open) }}
              onManageSavedReplies={() => setSavedRepliesOpen(true)}
            />
          ) : (
            <NoConversationSelected inboxEmpty={inboxEmpty} />
          )
        }
        aside={
          selectedId ? (
            <ContactPanel key={selectedId} conversationId={selectedId} onClose={() => setContactOpen(false)} onOpenConversation={select} />
          ) : undefined
        }
        asideOpen={contactOpen}
        onCloseAside={() => setContactOpen(false)}
      />
      <SavedRepliesDialog open={savedRepliesOpen} onClose={() => setSavedRepliesOpen(false)} />
    </div>
  );
}
