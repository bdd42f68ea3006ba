import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { buttonClasses } from '../../components/button.styles';
import { Card } from '../../components/card';
import { Spinner } from '../../components/spinner';
import { oauthProviders, type OAuthProvider } from './oauth-provider.data';
import { useOAuthStatus } from './use-oauth-status';

/** Provider status: configured or not, truncated id, secret present or missing, scopes, test button. */
export function OAuthStatusCard({ provider }: { provider: OAuthProvider }) {
  const info = oauthProviders[provider];
  const status = useOAuthStatus(provider);
  const data = status.data;
  const id = provider === 'google' ? data?.clientId : data?.appId;

  return (
    <Card className="flex min-w-0 flex-col p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{info.name} OAuth</h2>
        {status.isPending ? (
          <Spinner size={16} label={`Checking ${info.name}`} />
        ) : data?.configured ? (
          <Badge tone="success">Configured</Badge>
        ) : (
          <Badge tone="danger">{status.isError ? 'Unreachable' : 'Not configured'}</Badge>
        )}
      </div>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-500 dark:text-slate-400">{provider === 'google' ? 'Client ID' : 'App ID'}</dt>
          <dd className="min-w-0 font-mono break-all text-slate-900 dark:text-slate-100">{id || '—'}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-500 dark:text-slate-400">Secret</dt>
          <dd className={data?.hasSecret ? 'text-emerald-600' : 'text-red-600'}>{data?.hasSecret ? 'present' : 'missing'}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="shrink-0 text-slate-500 dark:text-slate-400">Callback</dt>
          <dd className="min-w-0 truncate font-mono text-xs text-slate-700 dark:text-slate-300" title={data?.callbackUrl}>
            {data?.callbackUrl ?? '—'}
          </dd>
        </div>
      </dl>
      <div className="mt-4">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">Scopes</p>
        <div className="mt-2 flex flex-wrap gap-1.5">
          {info.scopes.map((scope) => (
            <Badge key={scope}>{scope}</Badge>
          ))}
        </div>
      </div>
      <div className="mt-auto pt-6">
        {data?.configured ? (
          <a href={`/auth/${provider}`} className={buttonClasses('outline', 'md', 'w-full')}>
            Test {info.name} Login
          </a>
        ) : (
          <Button variant="outline" className="w-full" disabled>
            Test {info.name} Login
          </Button>
        )}
      </div>
    </Card>
  );
}
