import { Link, useSearchParams } from 'react-router-dom';
import { Icon } from '../../components/icon';
import { DiagnosticPageHeader } from './diagnostic-page-header';
import { oauthProviders, type OAuthProvider } from './oauth-provider.data';
import { OAuthSetupCard } from './oauth-setup-card';

/**
 * For the person who runs the server: how to set up Google and Facebook. /auth/google and
 * /auth/facebook send a typed or old link here when the provider is not configured; no button in
 * the app does (sign-in buttons are hidden and Connect buttons explain in place).
 */
export function OAuthSetupPage() {
  const [params] = useSearchParams();
  const requested = params.get('provider');
  const provider: OAuthProvider | null = requested === 'google' || requested === 'facebook' ? requested : null;
  const order: OAuthProvider[] = provider === 'facebook' ? ['facebook', 'google'] : ['google', 'facebook'];

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <DiagnosticPageHeader
        title="OAuth Configuration Required"
        description={
          provider
            ? `${oauthProviders[provider].name} sign-in isn't configured on this server yet. Whoever runs this server can set it up in a few minutes:`
            : 'For whoever runs this server: social sign-in needs credentials from Google and Facebook. Set them up here:'
        }
      />
      <div className="space-y-6">
        {order.map((p) => (
          <OAuthSetupCard key={p} provider={p} highlighted={p === provider} />
        ))}
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
          <Link to="/oauth-test" className="inline-flex items-center gap-1 font-medium text-indigo-600 dark:text-indigo-400">
            Test OAuth configuration <Icon name="arrow-right" size={14} />
          </Link>
          <Link to="/quick-login" className="inline-flex items-center gap-1 font-medium text-indigo-600 dark:text-indigo-400">
            Quick Login <Icon name="arrow-right" size={14} />
          </Link>
          <Link to="/register" className="inline-flex items-center gap-1 font-medium text-indigo-600 dark:text-indigo-400">
            Sign up with email instead <Icon name="arrow-right" size={14} />
          </Link>
        </div>
      </div>
    </div>
  );
}
