import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/button';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast/use-toast';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { AccountHealthBanner } from '../accounts/account-health-banner';
import { useSocialAccounts } from '../accounts/use-accounts';
import { useConnectOptions } from '../accounts/use-connect-options';
import { useCurrentUser } from '../auth/use-current-user';
import { ConnectFacebookCard, startFacebookConnect } from './connect-facebook-card';
import { FacebookPagesPanel } from './facebook-pages-panel';
import { InstagramPanel } from './instagram-panel';
import { useFacebookPages } from './use-facebook-pages';

const tabs = [
  { id: 'facebook', label: 'Facebook Messenger', icon: 'facebook' },
  { id: 'instagram', label: 'Instagram DM', icon: 'instagram' },
] as const;
type TabId = (typeof tabs)[number]['id'];

/** docs/product-spec.md §2 Social Messaging: connect, or Messenger and Instagram tabs with their send forms. */
export function SocialMessagingPage() {
  const { isAuthenticated } = useCurrentUser();
  const accounts = useSocialAccounts(isAuthenticated);
  // Any real Meta account: a Page, or an Instagram Login account (spec: otherwise "Connect Facebook & Instagram").
  const hasFacebook = (accounts.data ?? []).some((a) => a.provider === 'meta' && a.isActive);
  const pages = useFacebookPages(hasFacebook);
  const [tab, setTab] = useState<TabId>('facebook');
  const { toast } = useToast();
  const [params, setParams] = useSearchParams();
  const connectOptions = useConnectOptions();

  useEffect(() => {
    const connected = params.get('connected');
    if (connected === null) return;
    const skipped = Number(params.get('skipped') ?? 0);
    toast({
      title: 'Accounts connected',
      description: `${connected} account${connected === '1' ? '' : 's'} connected${skipped ? `; ${skipped} already belong to another workspace` : ''}.`,
      variant: 'success',
    });
    setParams({}, { replace: true });
  }, [params, setParams, toast]);

  useEffect(() => {
    if (!pages.isError) return;
    const notConnected = pages.error instanceof ApiError;
    toast({
      title: notConnected ? 'Facebook Not Connected' : 'Error',
      description: notConnected ? 'Connect your Facebook account to access pages and messaging' : 'Failed to load Facebook pages',
      variant: 'destructive',
    });
  }, [pages.isError, pages.error, toast]);

  const loading = (isAuthenticated && accounts.isPending) || (hasFacebook && pages.isPending);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Social Messaging"
        description="Send Messenger and Instagram DMs from your connected Pages."
        actions={
          hasFacebook && connectOptions.canConnect('facebook') ? (
            <Button variant="outline" size="sm" onClick={startFacebookConnect}>
              <Icon name="plus" size={16} /> Connect more Pages
            </Button>
          ) : undefined
        }
      />
      <AccountHealthBanner enabled={isAuthenticated} />
      {loading ? (
        <div className="flex justify-center py-16">
          <Spinner size={28} className="text-indigo-600" label="Loading pages" />
        </div>
      ) : !hasFacebook ? (
        <ConnectFacebookCard />
      ) : (
        <>
          <div role="tablist" aria-label="Channel" className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
            {tabs.map((t) => (
              <button
                key={t.id}
                role="tab"
                type="button"
                id={`tab-${t.id}`}
                aria-selected={tab === t.id}
                aria-controls={`panel-${t.id}`}
                onClick={() => setTab(t.id)}
                className={cn(
                  '-mb-px inline-flex items-center gap-2 border-b-2 px-4 py-2.5 text-sm font-medium transition-colors',
                  tab === t.id
                    ? 'border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300'
                    : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
                )}
              >
                <Icon name={t.icon} size={16} /> {t.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
            {tab === 'facebook' ? <FacebookPagesPanel pages={pages.data?.pages ?? []} /> : <InstagramPanel accounts={pages.data?.instagramAccounts ?? []} />}
          </div>
        </>
      )}
    </div>
  );
}
