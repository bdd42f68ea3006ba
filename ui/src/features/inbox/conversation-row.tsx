import type { Conversation } from '@contracts/inbox';
import { Badge } from '../../components/badge';
import { Icon } from '../../components/icon';
import { PlatformIcon } from '../../components/platform-icon';
import { cn } from '../../lib/cn';
import { formatListTime } from '../../lib/format-time';
import { markWords, priorityDotClass, statusTone } from './inbox.helpers';

interface ConversationRowProps {
  conversation: Conversation;
  selected: boolean;
  onSelect: (id: string) => void;
  /** Conversation Manager shows a simpler row: no tags, no priority. */
  compact?: boolean;
  /** The search the list shows results of: its words are marked in the message it matched. */
  search?: string;
  /** Who handles it, when assigned (the inbox's All view shows it on every row). */
  assigneeName?: string | undefined;
}

export function ConversationRow({ conversation: c, selected, onSelect, compact, search = '', assigneeName }: ConversationRowProps) {
  const unread = c.unreadCount > 0;
  // A search result found by an older message shows that message, at its time.
  const at = c.match ? c.match.createdAt : c.lastMessageTime;
  return (
    <button
      type="button"
      onClick={() => onSelect(c.id)}
      aria-current={selected ? 'true' : undefined}
      data-conversation-id={c.id}
      className={cn(
        'block w-full border-l-2 px-3 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500',
        selected
          ? 'border-indigo-600 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-500/10'
          : 'border-transparent hover:bg-slate-50 dark:hover:bg-slate-800/60',
      )}
    >
      <div className="flex items-center gap-2">
        <PlatformIcon platform={c.platform} size={22} />
        <span className={cn('min-w-0 flex-1 truncate text-sm text-slate-900 dark:text-white', unread ? 'font-semibold' : 'font-medium')}>{c.customerName}</span>
        {!compact && (
          <span
            className={cn('h-2 w-2 shrink-0 rounded-full', priorityDotClass(c.priority))}
            role="img"
            aria-label={`${c.priority ?? 'no'} priority`}
            title={`${c.priority ?? 'No'} priority`}
          />
        )}
        {unread && (
          <span
            className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-indigo-600 px-1.5 text-[11px] font-semibold text-white"
            aria-label={`${c.unreadCount} unread`}
          >
            {c.unreadCount}
          </span>
        )}
        <time dateTime={at ?? undefined} className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
          {formatListTime(at)}
        </time>
      </div>
      <p
        className={cn('mt-1 line-clamp-2 pl-[30px] text-sm break-words', unread ? 'text-slate-800 dark:text-slate-200' : 'text-slate-500 dark:text-slate-400')}
      >
        {c.match ? (
          <>
            <span className="sr-only">Matching message: </span>
            {markWords(c.match.text, search).map((part, i) =>
              part.marked ? (
                <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-inherit dark:bg-amber-500/30">
                  {part.text}
                </mark>
              ) : (
                part.text
              ),
            )}
          </>
        ) : (
          c.lastMessage || <span className="italic">No messages yet</span>
        )}
      </p>
      <div className="mt-1.5 flex flex-wrap items-center gap-1 pl-[30px]">
        <Badge tone={statusTone(c.status)} className="capitalize">
          {c.status}
        </Badge>
        {assigneeName && (
          <Badge tone="neutral" className="max-w-[10rem] truncate">
            <Icon name="user" size={12} /> {assigneeName}
            <span className="sr-only"> is assigned</span>
          </Badge>
        )}
        {!compact &&
          c.tags.map((tag) => (
            <Badge key={tag} tone="brand">
              #{tag}
            </Badge>
          ))}
      </div>
    </button>
  );
}
