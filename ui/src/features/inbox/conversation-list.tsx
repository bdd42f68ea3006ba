import type { Conversation } from '@contracts/inbox';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/api';
import { ConversationRow } from './conversation-row';

interface ConversationListProps {
  conversations: Conversation[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  isPending: boolean;
  error: Error | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  compact?: boolean;
  /** The search these conversations were found by (its words are marked in matching messages). */
  search?: string;
  /** The assignee's name on each row (the inbox; the Conversation Manager leaves it out). */
  assigneeName?: (userId: string) => string;
  /** Ticks for bulk assignment, while choosing. */
  selection?: { ids: ReadonlySet<string>; onToggle: (id: string) => void };
  /** What an empty list means here (the inbox's Mine and Unassigned views say it their way). */
  emptyHint?: string | undefined;
}

export function ConversationList(props: ConversationListProps) {
  const { conversations, selectedId, onSelect, isPending, error, compact, search, assigneeName, selection } = props;

  if (isPending) {
    return (
      <p className="flex items-center justify-center gap-2 p-6 text-sm text-slate-500 dark:text-slate-400">
        <Spinner size={16} /> Loading conversations...
      </p>
    );
  }
  if (error && conversations.length === 0) {
    return (
      <div role="alert" className="p-6 text-center text-sm text-red-600 dark:text-red-400">
        <p className="font-medium">Couldn't load conversations</p>
        <p className="mt-1 text-xs break-words">{errorMessage(error, 'Please try again.')}</p>
      </div>
    );
  }
  if (conversations.length === 0) {
    // A search of one- or two-letter words looks through recent conversations a page at a time.
    if (props.hasNextPage) {
      return (
        <div className="p-6 text-center">
          <p className="text-sm font-medium text-slate-900 dark:text-white">No matches among the most recent conversations</p>
          <Button variant="outline" size="sm" className="mt-3" loading={props.isFetchingNextPage} onClick={props.onLoadMore}>
            Search older conversations
          </Button>
        </div>
      );
    }
    return (
      <div className="p-6 text-center">
        <p className="text-sm font-medium text-slate-900 dark:text-white">No conversations found</p>
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {props.emptyHint && !search?.trim()
            ? props.emptyHint
            : search?.trim()
              ? 'Search looks at names, handles and every message; several words must all be in one message.'
              : 'New comments and DMs land here. Try the Simulator to send one.'}
        </p>
      </div>
    );
  }
  return (
    <div>
      <ul aria-label="Conversations" className="divide-y divide-slate-100 dark:divide-slate-800">
        {conversations.map((c) => (
          <li key={c.id} className={selection ? 'flex items-stretch' : undefined}>
            {selection && (
              <label className="flex shrink-0 cursor-pointer items-start pt-3.5 pl-3">
                <input
                  type="checkbox"
                  checked={selection.ids.has(c.id)}
                  onChange={() => selection.onToggle(c.id)}
                  className="h-4 w-4 rounded border-slate-300 text-indigo-600 dark:border-slate-600"
                />
                <span className="sr-only">Select {c.customerName}</span>
              </label>
            )}
            <ConversationRow
              conversation={c}
              selected={c.id === selectedId}
              onSelect={selection ? selection.onToggle : onSelect}
              compact={compact}
              search={search}
              assigneeName={c.assigneeId && assigneeName ? assigneeName(c.assigneeId) : undefined}
            />
          </li>
        ))}
      </ul>
      {props.hasNextPage && (
        <div className="p-3">
          <Button variant="outline" size="sm" className="w-full" loading={props.isFetchingNextPage} onClick={props.onLoadMore}>
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
