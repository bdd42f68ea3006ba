import { useMemo, useState } from 'react';
import { Button } from '../../components/button';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SavedRepliesDialog } from '../saved-replies/saved-replies-dialog';
import { ContactPanel } from './contact-panel';
import { useCurrentUser } from '../auth/use-current-user';
import { useWorkspaceFromLink } from '../push/use-workspace-from-link';
import { useCan } from '../team/use-can';
import { InboxListHeader } from './assignment/inbox-list-header';
import { useTeamMembers } from './assignment/use-team-members';
import { ConversationList } from './conversation-list';
import { ConversationThread, NoConversationSelected } from './conversation-thread';
import type { ConversationFilters as Filters } from './inbox.api';
import { KeyboardShortcuts } from './keyboard-shortcuts';
import { LiveIndicator } from './live-indicator';
import { MessagingLayout, WIDE_QUERY } from './messaging-layout';
import { useConversationKeys } from './use-conversation-keys';
import { useCachedConversation, useConversations } from './use-conversations';
import { useSelectedConversation } from './use-selected-conversation';

const emptyHints = {
  all: undefined,
  me: 'Nothing is assigned to you. Assign yourself a conversation from its thread, or several with Select.',
  unassigned: 'Every conversation has someone handling it.',
};

const initialFilters: Filters = { platform: 'all', status: 'all', search: '', assignee: 'all' };

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
  // Bulk assignment: the ticked conversations while choosing, else null.
  const [choosing, setChoosing] = useState<string[] | null>(null);
  const mayAssign = useCan('inbox:write');
  const team = useTeamMembers();
  const { user } = useCurrentUser();
  useWorkspaceFromLink();
  const assigneeName = (id: string) => (id === user?.id ? 'You' : team.nameOf(id));
  const toggleChosen = (id: string) => setChoosing((ids) => (ids === null ? ids : ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const chosen = useMemo(() => new Set(choosing ?? []), [choosing]);
  const ids = useMemo(() => list.conversations.map((c) => c.id), [list.conversations]);
  useConversationKeys(ids, selectedId, select);
  // Nothing at all, not just nothing matching a filter: say how conversations arrive.
  const unfiltered = filters.platform === 'all' && filters.status === 'all' && (filters.assignee ?? 'all') === 'all' && !search.trim();
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
        listHeader={<InboxListHeader filters={filters} onFilters={setFilters} choosing={choosing} onChoosing={setChoosing} mayAssign={mayAssign} />}
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
            assigneeName={assigneeName}
            emptyHint={emptyHints[filters.assignee ?? 'all']}
            selection={choosing === null ? undefined : { ids: chosen, onToggle: toggleChosen }}
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
