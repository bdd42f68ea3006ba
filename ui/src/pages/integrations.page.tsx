import type { Platform } from '@contracts/platforms';
import { Badge } from '../components/badge';
import { Button } from '../components/button';
import { ButtonLink } from '../components/button-link';
import { Icon } from '../components/icon';
import { useSocialAccounts } from '../features/accounts/use-accounts';
import { useConnectOptions } from '../features/accounts/use-connect-options';
import { useCurrentUser } from '../features/auth/use-current-user';
import { MarketingHero } from './marketing-hero';
import { PageSection } from './page-section';

const comingSoon = ['TikTok', 'LinkedIn', 'YouTube', 'Discord', 'WhatsApp Business', 'Telegram'];

const platforms: { name: string; icon: 'facebook' | 'instagram' | 'x-brand'; platform: Platform }[] = [
  { name: 'Facebook Messenger', icon: 'facebook', platform: 'facebook' },
  { name: 'Instagram Business', icon: 'instagram', platform: 'instagram' },
  { name: 'X (Twitter)', icon: 'x-brand', platform: 'twitter' },
];

/**
 * Each platform's state, true for this visitor: Active only where the signed-in workspace has a
 * real account connected (sandbox accounts are the Simulator's, not a connection), Available where
 * the server can connect it, and Not enabled where an administrator has not turned it on.
 */
export function IntegrationsPage() {
  const { isAuthenticated } = useCurrentUser();
  const accounts = useSocialAccounts(isAuthenticated);
  const options = useConnectOptions();
  const connected = (p: Platform) => (accounts.data ?? []).some((a) => a.platform === p && !a.isSandbox && a.isActive && a.status === 'active');
  return (
    <>
      <MarketingHero eyebrow="Integrations" title="Works where your customers are" description="Connect the platforms you use; more are on the way." />
      <PageSection>
        <div className="grid gap-6 md:grid-cols-3">
          {platforms.map((p) => {
            const active = connected(p.platform);
            const enabled = options.canConnect(p.platform);
            return (
              <div
                key={p.name}
                data-testid={`integration-${p.platform}`}
                className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
              >
                <Icon name={p.icon} size={28} className="text-indigo-600 dark:text-indigo-400" />
                <div className="flex-1">
                  <p className="font-semibold text-slate-900 dark:text-white">{p.name}</p>
                  {options.isPending ? null : active ? (
                    <Badge tone="success">Active</Badge>
                  ) : enabled ? (
                    <Badge>Available</Badge>
                  ) : (
                    <Badge tone="warning">Not enabled on this server</Badge>
                  )}
                </div>
                {(active || enabled) && (
                  <ButtonLink to="/connect-accounts" variant="outline" size="sm">
                    {active ? 'Manage' : 'Connect'}
                  </ButtonLink>
                )}
              </div>
            );
          })}
        </div>
        <h2 className="mt-14 text-xl font-semibold text-slate-900 dark:text-white">Coming soon</h2>
        <div className="mt-4 flex flex-wrap gap-2">
          {comingSoon.map((name) => (
            <span key={name} className="rounded-full border border-slate-200 px-3 py-1 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
              {name}
            </span>
          ))}
        </div>
        <Button
          variant="outline"
          className="mt-8"
          onClick={() => {
            window.location.href = 'mailto:support@replypilot.app?subject=Integration%20request';
          }}
        >
          Request Integration
        </Button>
      </PageSection>
    </>
  );
}
