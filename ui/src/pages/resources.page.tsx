import { Link } from 'react-router-dom';
import { InfoCard } from './info-card';
import { MarketingHero } from './marketing-hero';
import { PageSection } from './page-section';

const resources = [
  { icon: 'book' as const, title: 'Comment automation playbook', kind: 'Guide' },
  { icon: 'file' as const, title: 'DM script templates', kind: 'Worksheet' },
  { icon: 'trending-up' as const, title: 'Measuring automation ROI', kind: 'Guide' },
  { icon: 'shield' as const, title: 'Staying within Meta’s rules', kind: 'Checklist' },
];

export function ResourcesPage() {
  return (
    <>
      <MarketingHero
        eyebrow="Resource Library"
        title="Guides, checklists and playbooks"
        description="Practical material for getting more from every conversation. Downloads are coming soon."
      />
      <PageSection>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {resources.map((r) => (
            <InfoCard
              key={r.title}
              icon={r.icon}
              title={r.title}
              footer={<span className="text-xs text-slate-500 dark:text-slate-400">Download coming soon</span>}
            >
              {r.kind}
            </InfoCard>
          ))}
        </div>
        <p className="mt-10 text-sm text-slate-600 dark:text-slate-400">
          Looking for setup help? See the{' '}
          <Link to="/docs/getting-started" className="font-medium text-indigo-600 dark:text-indigo-400">
            documentation
          </Link>
          .
        </p>
      </PageSection>
    </>
  );
}
