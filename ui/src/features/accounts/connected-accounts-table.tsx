import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountHealthCheckResponse, SocialAccount } from '@contracts/social-accounts';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { buttonClasses } from '../../components/button.styles';
import { Card } from '../../components/card';
import { PlatformIcon } from '../../components/platform-icon';
import { useToast } from '../../components/toast/use-toast';
import { apiRequest, errorMessage } from '../../lib/api';
import { formatListTime } from '../../lib/format-time';
import { MessengerProfileButton } from '../growth/messenger-profile-dialog';
import { CommentModerationButton } from '../moderation/comment-moderation-dialog';
import { useCan } from '../team/use-can';
import { accountKeys } from './accounts.keys';

/** "Connected Mar 4 · checked 14:05", or why the last check got no answer. */
function HealthLine({ account }: { account: SocialAccount }) {
  if (account.status === 'needs_reconnect') {
    return <p className="text-xs text-red-700 dark:text-red-300">{account.statusReason ?? 'Needs reconnecting'}</p>;
  }
  const connected = `Connected ${new Date(account.connectedAt).toLocaleDateString()}`;
  if (account.healthError) {
    return (
      <p className="text-xs text-amber-700 dark:text-amber-300" title={account.healthError}>
        {connected} · last check got no answer: {account.healthError}
      </p>
    );
  }
  const checked = account.healthCheckedAt ? `token checked ${formatListTime(account.healthCheckedAt)}` : 'token not checked yet';
  return (
    <p className="text-xs text-slate-500 dark:text-slate-400">
      {connected} · {checked}
    </p>
  );
}

/**
 * Missed-webhook reconciliation (ADR 0014): when the platform was last read back and how many
 * events that found which webhooks never delivered; or that it has not run / stopped early.
 */
function ReconcileLine({ account }: { account: SocialAccount }) {
  if (account.isSandbox || account.provider !== 'meta' || account.status !== 'active') return null;
  const r = account.reconciliation;
  if (!r) return <p className="text-xs text-slate-500 dark:text-slate-400">Missed comments and DMs: not checked yet</p>;
  const recovered = r.totalRecovered === 1 ? '1 missed event recovered' : `${r.totalRecovered.toLocaleString()} missed events recovered`;
  const last = r.lastReconciledAt
    ? `checked for missed comments and DMs ${formatListTime(r.lastReconciledAt)} (${r.lastRecovered.toLocaleString()} found)`
    : 'not yet checked for missed comments and DMs';
  return (
    <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="reconcile-line">
      {last} · {recovered} in all
      {r.lastError && (
        <span className="text-amber-700 dark:text-amber-300" title={r.lastError}>
          {' '}
          · last run stopped early: {r.lastError}
        </span>
      )}
    </p>
  );
}

function Row({ account }: { account: SocialAccount }) {
  const qc = useQueryClient();
  const canManage = useCan('accounts:manage');
  const { toast } = useToast();
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: accountKeys.social });
    await qc.invalidateQueries({ queryKey: accountKeys.connected });
  };
  const disconnect = useMutation({
    mutationFn: () => apiRequest<{ disconnected: number }>('DELETE', `/api/social-accounts/${account.id}`),
    onSuccess: async () => {
      toast({ title: 'Disconnected', description: `${account.displayName} will no longer be automated.` });
      await refresh();
    },
    onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to disconnect'), variant: 'destructive' }),
  });
  const check = useMutation({
    mutationFn: () => apiRequest<AccountHealthCheckResponse>('POST', `/api/social-accounts/${account.id}/check-health`, {}),
    onSuccess: async (r) => {
      if (r.verdict === 'healthy')
        toast({ title: 'Connection works', description: `${account.displayName}: the platform accepted its token.`, variant: 'success' });
      else if (r.verdict === 'needs_reconnect') toast({ title: 'Needs reconnecting', description: r.detail ?? '', variant: 'destructive', durationMs: 10_000 });
      else toast({ title: 'Could not check', description: r.detail ?? 'No answer from the platform; try again later.' });
      await refresh();
    },
    onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to check the account'), variant: 'destructive' }),
  });
  const name = account.platform === 'facebook' ? account.displayName : `@${account.username}`;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-3">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <PlatformIcon platform={account.platform} size={32} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{name}</p>
          <HealthLine account={account} />
          <ReconcileLine account={account} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 pl-11 sm:pl-0">
        {!account.isActive ? (
          <Badge>Disconnected</Badge>
        ) : account.status === 'needs_reconnect' ? (
          <Badge tone="danger">Needs reconnect</Badge>
        ) : (
          <Badge tone="success">Active</Badge>
        )}
        {canManage && account.isActive && account.status === 'needs_reconnect' && account.reconnectPath && (
          // A full navigation: the OAuth dialog is a server redirect, not a client route.
          <a href={account.reconnectPath} className={buttonClasses('primary', 'sm')}>
            Reconnect
          </a>
        )}
        <MessengerProfileButton account={account} />
        <CommentModerationButton account={account} />
        {canManage && account.isActive && account.status === 'active' && (
          <Button variant="outline" size="sm" loading={check.isPending} onClick={() => check.mutate()} aria-label={`Check ${name} now`}>
            Check now
          </Button>
        )}
        {canManage && account.isActive && (
          <Button variant="ghost" size="sm" loading={disconnect.isPending} onClick={() => disconnect.mutate()} aria-label={`Disconnect ${account.displayName}`}>
            Disconnect
          </Button>
        )}
      </div>
    </li>
  );
}

/** The workspace's real (non-sandbox) accounts: health, last token check, Check now / Reconnect / Disconnect. */
export function ConnectedAccountsTable({ accounts }: { accounts: SocialAccount[] }) {
  return (
    <Card className="p-6">
      <h2 className="font-semibold text-slate-900 dark:text-white">Your connected accounts</h2>
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
        {accounts.map((a) => (
          <Row key={a.id} account={a} />
        ))}
      </ul>
    </Card>
  );
}
