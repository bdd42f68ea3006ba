import { Icon } from '../../components/icon';
import { formatClock } from '../../lib/format-time';
import { useReplyQueue } from './use-comment-rules';

export function queueSummary(queued: number, eta: string | null): string {
  return eta ? `${queued} queued, ETA ${formatClock(eta)}` : `${queued} queued`;
}

/** Private replies waiting for the per-account rate limit: none are dropped, they go out in order. */
export function ReplyQueueBanner() {
  const { data } = useReplyQueue();
  if (!data || data.queued <= 0) return null;
  return (
    <div
      role="status"
      className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200"
    >
      <Icon name="clock" size={18} className="mt-0.5 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold">{queueSummary(data.queued, data.eta)}</p>
        <p className="mt-0.5">Private replies are paced to stay within each account's hourly limit. They are queued, never dropped.</p>
        {data.accounts.length > 1 && (
          <ul className="mt-2 space-y-0.5 text-xs">
            {data.accounts
              .filter((a) => a.queued > 0)
              .map((a) => (
                <li key={a.accountId}>
                  @{a.username}: {queueSummary(a.queued, a.eta)} · {a.limitPerHour}/hour
                </li>
              ))}
          </ul>
        )}
      </div>
    </div>
  );
}
