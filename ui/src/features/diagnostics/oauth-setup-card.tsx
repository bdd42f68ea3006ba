import { Link } from 'react-router-dom';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { Spinner } from '../../components/spinner';
import { cn } from '../../lib/cn';
import { CopyField } from './copy-field';
import { defaultCallbackUrl, oauthProviders, type OAuthProvider } from './oauth-provider.data';
import { useOAuthStatus } from './use-oauth-status';

function Code({ children }: { children: string }) {
  return <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[13px] text-slate-800 dark:bg-slate-800 dark:text-slate-200">{children}</code>;
}

export function OAuthSetupCard({ provider, highlighted }: { provider: OAuthProvider; highlighted: boolean }) {
  const info = oauthProviders[provider];
  const status = useOAuthStatus(provider);
  const callbackUrl = status.data?.callbackUrl ?? defaultCallbackUrl(provider);
  // The Meta app also connects Pages and Instagram accounts, through its own callback.
  const connectCallbackUrl = provider === 'facebook' ? (status.data?.connectCallbackUrl ?? `${window.location.origin}/oauth/facebook/callback`) : null;

  return (
    <Card className={cn('p-6', highlighted && 'ring-2 ring-indigo-500')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
          {provider === 'facebook' && <Icon name="facebook" className="text-blue-600" />}
          {provider === 'facebook' ? 'Facebook sign-in and account connection' : `${info.name} sign-in`}
        </h2>
        {status.isPending ? (
          <Spinner size={16} label={`Checking ${info.name} status`} />
        ) : status.data?.configured ? (
          <Badge tone="success">Configured</Badge>
        ) : (
          <Badge tone="warning">{status.isError ? 'Status unavailable' : 'Not configured'}</Badge>
        )}
      </div>
      <ol className="mt-5 space-y-4 text-sm text-slate-600 dark:text-slate-400">
        <li>
          <span className="font-medium text-slate-900 dark:text-white">1. Create credentials</span> in{' '}
          <a href={info.consoleUrl} target="_blank" rel="noreferrer" className="font-medium text-indigo-600 dark:text-indigo-400">
            {info.consoleName}
          </a>
          .
        </li>
        <li className="space-y-2">
          <p>
            <span className="font-medium text-slate-900 dark:text-white">2. Add {connectCallbackUrl ? 'these redirect URIs' : 'this redirect URI'}</span> under{' '}
            {info.redirectField}:
          </p>
          <CopyField label={connectCallbackUrl ? 'Sign-in callback URL' : `${info.name} callback URL`} value={callbackUrl} />
          {connectCallbackUrl && (
            <>
              <CopyField label="Account connection callback URL (Facebook Pages and their Instagram accounts)" value={connectCallbackUrl} />
              <p>
                The full Meta app set-up (permissions, webhooks) is in the{' '}
                <Link to="/facebook/setup" className="font-medium text-indigo-600 dark:text-indigo-400">
                  Facebook &amp; Instagram setup guide
                </Link>
                .
              </p>
            </>
          )}
        </li>
        <li>
          <span className="font-medium text-slate-900 dark:text-white">3. Set the server environment</span>: <Code>{info.idVar}</Code> and{' '}
          <Code>{info.secretVar}</Code>, plus <Code>PUBLIC_URL</Code> set to this site's public address (<Code>{window.location.origin}</Code>) so callbacks
          match. Then restart Replypilot.
        </li>
      </ol>
    </Card>
  );
}
