import { Badge } from '../components/badge';
import { Button } from '../components/button';
import { ButtonLink } from '../components/button-link';
import { Icon } from '../components/icon';
import { MarketingHero } from './marketing-hero';
import { PageSection } from './page-section';

const comingSoon = ['TikTok', 'LinkedIn', 'YouTube', 'Discord', 'WhatsApp Business', 'Telegram'];

export function IntegrationsPage() {
  return (
    <>
      <MarketingHero eyebrow="Integrations" title="Works where your customers are" description="Connect the platforms you use; more are on the way." />
      <PageSection>
        <div className="grid gap-6 md:grid-cols-3">
          {[
            { name: 'Facebook Messenger', icon: 'facebook' as const },
            { name: 'Instagram Business', icon: 'instagram' as const },
            { name: 'X (Twitter)', icon: 'x-brand' as const },
          ].map((p) => (
            <div key={p.name} className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
              <Icon name={p.icon} size={28} className="text-indigo-600 dark:text-indigo-400" />
              <div className="flex-1">
                <p className="font-semibold text-slate-900 dark:text-white">{p.name}</p>
                <Badge tone="success">Active</Badge>
              </div>
              <ButtonLink to="/connect-accounts" variant="outline" size="sm">
                Connect
              </ButtonLink>
            </div>
          ))}
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
