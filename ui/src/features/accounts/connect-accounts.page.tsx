import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { useToast } from '../../components/toast/use-toast';
import { useCurrentUser } from '../auth/use-current-user';
import { dashboardKeys, fetchDashboardToday } from '../dashboard/dashboard.api';
import { AccountHealthBanner } from './account-health-banner';
import { AccountStatCards } from './account-stat-cards';
import { ConnectedAccountsTable } from './connected-accounts-table';
import { PlatformConnectCard, type ConnectPlatform } from './platform-connect-card';
import { ViewOnly } from '../team/view-only';
import { PlatformNotEnabled } from './platform-not-enabled';
import { useSocialAccounts } from './use-accounts';
import { useConnectOptions } from './use-connect-options';

const platforms: ConnectPlatform[] = [
  {
    name: 'Instagram',
    platform: 'instagram',
    icon: 'instagram',
    tone: 'from-amber-400 via-pink-500 to-violet-600',
    text: 'Business or Creator account linked to a Facebook Page. Comments, DMs and story replies.',
    href: '/oauth/instagram',
  },
  {
    name: 'Facebook Business',
    platform: 'facebook',
    icon: 'facebook',
    tone: 'from-blue-500 to-blue-700',
    text: 'Your Facebook Pages: Messenger conversations and post comments.',
    href: '/oauth/facebook',
  },
  {
    name: 'Twitter',
    platform: 'twitter',
    icon: 'x-brand',
    tone: 'from-slate-700 to-slate-950',
    text: 'X direct messages, mentions and replies through the X API (OAuth 2.0).',
    href: '/oauth/twitter',
  },
];

const steps = [
  { title: 'Authorize', text: 'You sign in with the platform and grant Replypilot messaging access.' },
  { title: 'Choose automations', text: 'Pick a template or build a flow, and turn comment rules on.' },
  { title: 'Replies go out', text: 'Replypilot answers comments and DMs within each platform’s rules.' },
];

export function ConnectAccountsPage() {
  const { isAuthenticated } = useCurrentUser();
  const { data } = useSocialAccounts(isAuthenticated);
  const accounts = (data ?? []).filter((a) => !a.isSandbox);
  // The dashboard's figures: the same connected-account count everywhere (docs/product-spec.md, Glossary).
  const today = useQuery({ queryKey: dashboardKeys.today, queryFn: fetchDashboardToday, refetchInterval: 30_000, enabled: isAuthenticated });
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const options = useConnectOptions();
  const notEnabled = options.isPending ? [] : platforms.map((p) => p.platform).filter((p) => !options.canConnect(p));

  useEffect(() => {
    const connected = params.get('connected');
    const failed = params.get('error');
    if (connected !== null && !failed) {
      toast({ title: 'Account connected', description: `${connected} account${connected === '1' ? '' : 's'} connected.`, variant: 'success' });
      setParams({}, { replace: true });
      return;
    }
    if (!failed) return;
    const name = failed === 'facebook' ? 'Facebook' : failed === 'twitter' ? 'Twitter' : 'Instagram';
    toast({
      title: 'Connection Failed',
      description: params.get('reason') ?? `Failed to start ${name} authorization`,
      variant: 'destructive',
      durationMs: 10_000,
    });
    setParams({}, { replace: true });
  }, [params, setParams, toast]);

  return (
    <div className="space-y-8">
      <PageHeader
        title="Connect Accounts"
        description="Link the social accounts Replypilot should automate."
        actions={<ViewOnly permission="accounts:manage" />}
      />
      <AccountHealthBanner enabled={isAuthenticated} />
      {today.data && <AccountStatCards today={today.data} />}
      <PlatformNotEnabled platforms={notEnabled} canEnable={options.canEnable} />
      <div className="grid gap-4 md:grid-cols-3">
        {platforms.map((p) => (
          <PlatformConnectCard
            key={p.name}
            platform={p}
            connected={accounts.filter((a) => a.platform === p.platform && a.isActive)}
            available={options.isPending ? null : options.canConnect(p.platform)}
          />
        ))}
      </div>
      {accounts.length > 0 && <ConnectedAccountsTable accounts={accounts} />}
      <Card className="p-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h2 className="font-semibold text-slate-900 dark:text-white">Automation Control</h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Comment rules and flows run on every active account. Webhooks must reach this server:{' '}
              <a href="/webhook-setup" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                webhook setup
              </a>
              .
            </p>
          </div>
          {today.data && (
            <span className="inline-flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400">
              <Icon name="activity" size={16} /> {today.data.state.connectedAccounts.total} active{' '}
              {today.data.state.connectedAccounts.total === 1 ? 'account' : 'accounts'}
            </span>
          )}
        </div>
      </Card>
      <section aria-labelledby="how-it-works">
        <h2 id="how-it-works" className="text-lg font-semibold text-slate-900 dark:text-white">
          How it works
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-slate-200 p-5 dark:border-slate-800">
              <span className="flex h-7 w-7 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white">{index + 1}</span>
              <h3 className="mt-3 font-medium text-slate-900 dark:text-white">{step.title}</h3>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
