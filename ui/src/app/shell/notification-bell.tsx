import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { NotificationItem, NotificationList } from '@contracts/notifications';
import { Icon } from '../../components/icon';
import { apiGet, apiPost } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatListTime } from '../../lib/format-time';

const KEY = ['/api/notifications'] as const;

/**
 * The bell: the signed-in user's real notifications (GET /api/notifications — usage at 80 % and
 * 100 % of the message limit, sends failing on an account, and failed flow runs: one notice per flow
 * and day, back on top and unread at each further failure, migration 0033), newest first, with their
 * read state. No count is shown when nothing is unread; opening one marks it read.
 */
export function NotificationBell() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: () => apiGet<NotificationList>('/api/notifications'), refetchInterval: 60_000 });
  const markRead = useMutation({
    mutationFn: (id: string) => apiPost<NotificationList>(`/api/notifications/${id}/read`),
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
  const unread = list.data?.unreadCount ?? 0;
  const items = list.data?.notifications ?? [];

  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'}
        className="relative rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
      >
        <Icon name="bell" />
        {unread > 0 && (
          <span className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-500 px-1 text-[10px] font-semibold text-white">
            {unread > 9 ? '9+' : unread}
          </span>
        )}
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 8 }}
        className="z-50 w-80 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900"
      >
        {({ close }) => (
          <>
            <p className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900 dark:border-slate-800 dark:text-white">Notifications</p>
            {list.isError ? (
              <p className="px-4 py-6 text-center text-sm text-slate-500 dark:text-slate-400">Notifications could not be loaded.</p>
            ) : items.length === 0 ? (
              <p className="px-4 py-6 text-center text-sm text-slate-500 dark:text-slate-400">
                {list.isPending ? 'Loading…' : 'Nothing new. You are all caught up.'}
              </p>
            ) : (
              <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
                {items.map((n) => (
                  <li key={n.id}>
                    <NotificationRow
                      item={n}
                      onOpen={() => {
                        if (!n.readAt) markRead.mutate(n.id);
                        close();
                      }}
                    />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}

function NotificationRow({ item, onOpen }: { item: NotificationItem; onOpen: () => void }) {
  const body = (
    <>
      <span className="flex items-start gap-2">
        <span className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', item.readAt ? 'bg-transparent' : 'bg-indigo-500')} aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className={cn('block text-sm text-slate-900 dark:text-white', !item.readAt && 'font-semibold')}>{item.title}</span>
          <span className="mt-0.5 block text-sm text-slate-600 dark:text-slate-400">{item.body}</span>
          <span className="mt-1 block text-xs text-slate-400">{formatListTime(item.createdAt)}</span>
        </span>
      </span>
      {!item.readAt && <span className="sr-only">(unread)</span>}
    </>
  );
  const classes = 'block w-full px-4 py-3 text-left hover:bg-slate-50 dark:hover:bg-slate-800/60';
  return item.link ? (
    <Link to={item.link} onClick={onOpen} className={classes}>
      {body}
    </Link>
  ) : (
    <button type="button" onClick={onOpen} className={classes}>
      {body}
    </button>
  );
}
