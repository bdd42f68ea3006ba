import { Link } from 'react-router-dom';
import { ButtonLink } from '../components/button-link';
import { Icon } from '../components/icon';
import { SUPPORT_EMAIL } from '../lib/support-contact';
import { MarketingHero } from './marketing-hero';
import { PageSection } from './page-section';

const docs = [
  { to: '/docs/getting-started', label: 'Getting started' },
  { to: '/docs/instagram-setup', label: 'Instagram setup' },
  { to: '/docs/automation-rules', label: 'Automation rules' },
  { to: '/docs/troubleshooting', label: 'Troubleshooting' },
];

export function SupportPage() {
  return (
    <>
      <MarketingHero eyebrow="Support Center" title="We're here to help" description="Guides, quick fixes and a way to reach us by email." />
      <PageSection>
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
            <h2 className="font-semibold text-slate-900 dark:text-white">Contact</h2>
            <ul className="mt-4 space-y-3 text-sm text-slate-600 dark:text-slate-400">
              <li className="flex items-center gap-2">
                <Icon name="mail" size={16} />{' '}
                <a href={`mailto:${SUPPORT_EMAIL}`} className="text-indigo-600 dark:text-indigo-400">
                  {SUPPORT_EMAIL}
                </a>
              </li>
              <li>We answer by email. There is no phone or live chat, and no guaranteed response time.</li>
            </ul>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
            <h2 className="font-semibold text-slate-900 dark:text-white">Quick setup</h2>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Run the guided setup to configure your assistant.</p>
            <ButtonLink to="/onboarding" className="mt-4">
              Start setup
            </ButtonLink>
            <h3 className="mt-6 text-sm font-semibold text-slate-900 dark:text-white">Documentation</h3>
            <ul className="mt-2 space-y-1 text-sm">
              {docs.map((d) => (
                <li key={d.to}>
                  <Link to={d.to} className="text-indigo-600 hover:underline dark:text-indigo-400">
                    {d.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
            <h2 className="font-semibold text-slate-900 dark:text-white">Quick fixes</h2>
            <div className="mt-4 grid gap-2">
              <ButtonLink to="/connect-accounts" variant="outline">
                Reconnect an account
              </ButtonLink>
              <ButtonLink to="/automation" variant="outline">
                Check automations
              </ButtonLink>
              <ButtonLink to="/account/billing" variant="outline">
                Billing questions
              </ButtonLink>
            </div>
          </div>
        </div>
      </PageSection>
    </>
  );
}
