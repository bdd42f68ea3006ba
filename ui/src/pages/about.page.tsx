import { ButtonLink } from '../components/button-link';
import { InfoCard } from './info-card';
import { MarketingHero } from './marketing-hero';
import { PageSection } from './page-section';

const values = [
  { icon: 'heart' as const, title: 'Conversations first', text: 'Automation should make replies faster and more personal, never spammy.' },
  { icon: 'shield' as const, title: 'Your data, your server', text: 'Replypilot is self-hostable: one command, an embedded database, no vendor lock-in.' },
  { icon: 'check-circle' as const, title: 'Play by the rules', text: 'Official APIs, messaging windows and rate limits respected — so accounts stay safe.' },
];

export function AboutPage() {
  return (
    <>
      <MarketingHero
        eyebrow="About"
        title="We help small teams answer everyone"
        description="Replypilot started with a simple problem: creators and small businesses get more comments and DMs than they can answer, and every unanswered “price?” is a lost sale."
      />
      <PageSection title="What we believe">
        <div className="grid gap-6 md:grid-cols-3">
          {values.map((value) => (
            <InfoCard key={value.title} icon={value.icon} title={value.title}>
              {value.text}
            </InfoCard>
          ))}
        </div>
      </PageSection>
      <PageSection narrow className="text-center">
        <p className="text-slate-600 dark:text-slate-400">Want to work with us or write about us?</p>
        <ButtonLink to="/contact" className="mt-4">
          Get in touch
        </ButtonLink>
      </PageSection>
    </>
  );
}
