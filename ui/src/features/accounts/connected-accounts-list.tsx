import { Link } from 'react-router-dom';
import { Badge } from '../../components/badge';
import { buttonClasses } from '../../components/button.styles';
import { Icon } from '../../components/icon';
import { PlatformIcon } from '../../components/platform-icon';
import { accountChannelName } from './account-label';
import { useConnectedAccounts } from './use-accounts';

/** Sidebar "Connected Accounts": icon, @username, a Sandbox badge for the built-in test accounts. */
export function ConnectedAccountsList({ onNavigate }: { onNavigate?: () => void }) {
  const { data } = useConnectedAccounts();
  const accounts = data?.accounts ?? [];

  return (
    <div className="mt-2 space-y-2">
      {accounts.length > 0 ? (
        <ul className="space-y-1" aria-label="Connected accounts">
          {accounts.map((account) => (
            <li
              key={account.id}
              className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm"
              title={`${accountChannelName(account)} · ${account.displayName}`}
            >
              <PlatformIcon platform={account.platform} size={22} />
              <span className="min-w-0 flex-1 truncate text-slate-700 dark:text-slate-300">
                {/* A Facebook Page has a name, not a handle. */}
                {account.platform === 'facebook' && !account.isSandbox ? account.displayName : `@${account.username}`}
              </span>
              {account.isSandbox && <Badge tone="warning">Sandbox</Badge>}
              {!account.isSandbox && account.status === 'needs_reconnect' && <Badge tone="danger">Reconnect</Badge>}
              {!account.isSandbox && account.status === 'active' && <span className="h-2 w-2 rounded-full bg-emerald-500" role="img" aria-label="Active" />}
            </li>
          ))}
        </ul>
      ) : (
        <div className="rounded-lg border border-dashed border-slate-300 p-3 dark:border-slate-700">
          <div className="flex items-center gap-1.5 text-slate-400">
            <Icon name="instagram" size={16} />
            <Icon name="facebook" size={16} />
            <Icon name="x-brand" size={16} />
          </div>
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">No accounts connected yet.</p>
        </div>
      )}
      <Link to="/connect-accounts" onClick={onNavigate} className={buttonClasses('outline', 'sm', 'w-full')}>
        <Icon name="plus" size={16} />
        Add Account
      </Link>
    </div>
  );
}
