import type { FacebookPageSummary } from '@contracts/social-accounts';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PlatformIcon } from '../../components/platform-icon';
import { PlatformNotEnabled } from '../accounts/platform-not-enabled';
import { useConnectOptions } from '../accounts/use-connect-options';
import { startFacebookConnect } from './connect-facebook-card';
import { SendForm } from './send-form';

/** "Your Facebook Pages" (name, category, Page badge, IG badge) and the Messenger send form. */
export function FacebookPagesPanel({ pages }: { pages: FacebookPageSummary[] }) {
  const options = useConnectOptions();
  if (pages.length === 0) {
    return (
      <EmptyState icon="facebook" title="No Facebook Page connected" description="Connect a Facebook Page to send Messenger messages from here.">
        {options.canConnect('facebook') ? (
          <Button onClick={startFacebookConnect}>
            <Icon name="facebook" size={16} /> Connect Facebook
          </Button>
        ) : (
          !options.isPending && <PlatformNotEnabled platforms={['facebook']} canEnable={options.canEnable} className="text-left" />
        )}
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="fb-pages-heading" className="space-y-3">
        <h2 id="fb-pages-heading" className="font-semibold text-slate-900 dark:text-white">
          Your Facebook Pages
        </h2>
        <ul className="space-y-3">
          {pages.map((page) => (
            <li key={page.id}>
              <Card className="flex items-center gap-3 p-4">
                <PlatformIcon platform="facebook" size={40} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900 dark:text-white">{page.name}</p>
                  <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                    {page.category ?? 'Facebook Page'} · ID {page.id}
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap justify-end gap-1.5">
                  <Badge tone="info">Page</Badge>
                  {page.instagram_business_account && (
                    <Badge tone="brand" className="whitespace-nowrap">
                      IG @{page.instagram_business_account.username}
                    </Badge>
                  )}
                  {page.status === 'needs_reconnect' && <Badge tone="danger">Reconnect</Badge>}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      <SendForm channel="facebook" pages={pages.map((p) => ({ id: p.id, label: p.name }))} />
    </div>
  );
}
