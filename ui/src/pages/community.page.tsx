import { InfoCard } from './info-card';
import { MarketingHero } from './marketing-hero';
import { PageSection } from './page-section';

const categories = ['Getting started', 'Flow recipes', 'Instagram tips', 'Show & tell', 'Feature requests'];
const discussions = [
  { title: 'Share your best lead-magnet flow', category: 'Flow recipes', replies: 24 },
  { title: 'How do you handle comments in other languages?', category: 'Instagram tips', replies: 11 },
  { title: 'Self-hosting on a small VPS — my setup', category: 'Show & tell', replies: 8 },
];

export function CommunityPage() {
  return (
    <>
      <MarketingHero eyebrow="Community Hub" title="Learn from other automators" description="Sample discussions below — the community forum is coming soon." />
      <PageSection>
        <div className="flex flex-wrap gap-2">
          {categories.map((category) => (
            <span key={category} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300">
              {category}
            </span>
          ))}
        </div>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {discussions.map((d) => (
            <InfoCard key={d.title} icon="message-square" title={d.title}>
              {d.category} · {d.replies} replies (sample)
            </InfoCard>
          ))}
        </div>
      </PageSection>
    </>
  );
}
