import { Link } from 'react-router-dom';
import { InfoCard } from './info-card';
import { MarketingHero } from './marketing-hero';
import { PageSection } from './page-section';

const topics = [
  {
    icon: 'rocket' as const,
    title: 'Getting started',
    to: '/docs/getting-started',
    text: 'Create an account, run onboarding and launch your first automation.',
  },
  { icon: 'instagram' as const, title: 'Instagram setup', to: '/docs/instagram-setup', text: 'Business accounts, Facebook Pages and permissions.' },
  { icon: 'zap' as const, title: 'Automation rules', to: '/docs/automation-rules', text: 'Keywords, templates and how replies are chosen.' },
  { icon: 'alert' as const, title: 'Troubleshooting', to: '/docs/troubleshooting', text: 'Replies not sending? Start here.' },
];

export function HelpPage() {
  return (
    <>
      <MarketingHero eyebrow="Help Center" title="How can we help?" description="Guides for setup and troubleshooting, plus ways to reach a human." />
      <PageSection>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {topics.map((topic) => (
            <InfoCard
              key={topic.to}
              icon={topic.icon}
              title={topic.title}
              footer={
                <Link to={topic.to} className="text-sm font-medium text-indigo-600 dark:text-indigo-400">
                  Read guide →
                </Link>
              }
            >
              {topic.text}
            </InfoCard>
          ))}
        </div>
        <p className="mt-10 text-center text-sm text-slate-600 dark:text-slate-400">
          Still stuck? Visit the{' '}
          <Link to="/faq" className="font-medium text-indigo-600 dark:text-indigo-400">
            FAQ
          </Link>{' '}
          or{' '}
          <Link to="/support" className="font-medium text-indigo-600 dark:text-indigo-400">
            contact support
          </Link>
          .
        </p>
      </PageSection>
    </>
  );
}
