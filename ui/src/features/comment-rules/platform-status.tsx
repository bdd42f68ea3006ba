import { Link } from 'react-router-dom';
import type { SocialAccount } from '@contracts/social-accounts';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { PlatformIcon, platformLabel } from '../../components/platform-icon';
import { useSocialAccounts } from '../accounts/use-accounts';

const platforms = ['instagram', 'facebook'] as const;

function statusFor(accounts: SocialAccount[], platform: (typeof platforms)[number]) {
  const mine = accounts.filter((a) => a.platform === platform);
  const live = mine.find((a) => !a.isSandbox && a.isActive && a.status === 'active');
  const sandbox = mine.find((a) => a.isSandbox && a.isActive);
  const stale = mine.find((a) => !a.isSandbox && a.status === 'needs_reconnect');
  return { live, sandbox, stale };
}

/** docs/product-spec.md §2: platform connection status, from GET /api/social-accounts. */
export function PlatformStatus() {
  const { data, isPending, isError } = useSocialAccounts();
  const accounts = data ?? [];
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {platforms.map((platform) => {
        const { live, sandbox, stale } = statusFor(accounts, platform);
        return (
          <Card key={platform} className="flex min-w-0 items-center gap-3 p-4">
            <PlatformIcon platform={platform} size={36} />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
                {platformLabel(platform)}
                {isPending ? (
                  <Badge>Checking…</Badge>
                ) : live ? (
                  <Badge tone="success">Connected</Badge>
                ) : stale ? (
                  <Badge tone="danger">Needs reconnect</Badge>
                ) : sandbox ? (
                  <Badge tone="warning">Sandbox</Badge>
                ) : (
                  <Badge>Not connected</Badge>
                )}
              </p>
              <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                {live ? `@${live.username}` : sandbox ? `@${sandbox.username} — test in the Simulator` : isError ? 'Status unavailable' : 'No account yet'}
              </p>
            </div>
            {!live && !isPending && (
              <Link to="/connect-accounts" className="shrink-0 text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                Connect
              </Link>
            )}
          </Card>
        );
      })}
    </div>
  );
}
