import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { AccountHealthResponse } from '@contracts/social-accounts';
import { Icon } from '../../components/icon';
import { apiGet } from '../../lib/api';
import { cn } from '../../lib/cn';

const POLL_MS = 60_000;

/**
 * Account health (ADR 0008): "N automations will stop in D days" before a token expires, and what
 * stopped when Meta rejected one. Links to Connect Accounts, where the account can be reconnected.
 */
export function AccountHealthBanner({ enabled = true }: { enabled?: boolean }) {
  const { data } = useQuery({
    queryKey: ['social-accounts', 'health'],
    queryFn: () => apiGet<AccountHealthResponse>('/api/social-accounts/health'),
    refetchInterval: POLL_MS,
    enabled,
  });
  const warnings = data?.warnings ?? [];
  if (warnings.length === 0) return null;
  return (
    <div className="space-y-2" aria-label="Account health">
      {warnings.map((w) => {
        const stopped = w.kind !== 'expiring';
        return (
          <div
            key={w.accountId}
            role={stopped ? 'alert' : 'status'}
            className={cn(
              'flex flex-wrap items-center gap-3 rounded-xl border p-4 text-sm',
              stopped
                ? 'border-red-200 bg-red-50 text-red-900 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200'
                : 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200',
            )}
          >
            <Icon name="alert" size={18} className="shrink-0" />
            <p className="min-w-0 flex-1">{w.message}</p>
            <Link to="/connect-accounts" className="shrink-0 font-semibold underline underline-offset-2">
              Reconnect
            </Link>
          </div>
        );
      })}
    </div>
  );
}
