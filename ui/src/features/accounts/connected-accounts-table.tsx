import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SocialAccount } from '../../../../contracts/social-accounts';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { PlatformIcon } from '../../components/platform-icon';
import { useToast } from '../../components/toast/use-toast';
import { apiRequest, errorMessage } from '../../lib/api';
import { accountKeys } from './accounts.keys';

function Row({ account }: { account: SocialAccount }) {
  const qc = useQueryClient();
  const { toast } = useToast();
  const disconnect = useMutation({
    mutationFn: () => apiRequest<{ disconnected: number }>('DELETE', `/api/social-accounts/${account.id}`),
    onSuccess: async () => {
      toast({ title: 'Disconnected', description: `${account.displayName} will no longer be automated.` });
      await qc.invalidateQueries({ queryKey: accountKeys.social });
      await qc.invalidateQueries({ queryKey: accountKeys.connected });
    },
    onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to disconnect'), variant: 'destructive' }),
  });
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <PlatformIcon platform={account.platform} size={32} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900 dark:text-white">
          {account.platform === 'facebook' ? account.displayName : `@${account.username}`}
        </p>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400">
          {account.status === 'needs_reconnect' ? (account.statusReason ?? 'Needs reconnecting') : `Connected ${new Date(account.connectedAt).toLocaleDateString()}`}
        </p>
      </div>
      {!account.isActive ? (
        <Badge>Disconnected</Badge>
      ) : account.status === 'needs_reconnect' ? (
        <Badge tone="danger">Needs reconnect</Badge>
      ) : (
        <Badge tone="success">Active</Badge>
      )}
      {account.isActive && (
        <Button variant="ghost" size="sm" loading={disconnect.isPending} onClick={() => disconnect.mutate()} aria-label={`Disconnect ${account.displayName}`}>
          Disconnect
        </Button>
      )}
    </li>
  );
}

/** The workspace's real (non-sandbox) accounts, with their health and a Disconnect action. */
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
