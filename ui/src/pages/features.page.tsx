import { ButtonLink } from '../components/button-link';
import type { IconName } from '../components/icon';
import { FaqList } from './faq-list';
import { InfoCard } from './info-card';
import { MarketingHero } from './marketing-hero';
import { PageSection } from './page-section';

const features: Array<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'message',
    title: 'Comment Growth Tool',
    text: 'Keyword rules answer comments publicly and follow up with one private DM, on every post or a specific one.',
  },
  { icon: 'inbox', title: 'Unified Inbox', text: 'Instagram, Messenger and X conversations with search, platform and status filters, priorities and tags.' },
  {
    icon: 'workflow',
    title: 'Visual Flow Builder',
    text: 'Triggers, DMs, delays, conditions and webhooks on a canvas. Publish with one click; runs pin their version.',
  },
  { icon: 'target', title: 'Customer Segmentation', text: 'Tag contacts automatically by intent and message each segment differently.' },
  { icon: 'megaphone', title: 'Broadcasting', text: 'Reach a segment with an update or offer, within each platform’s messaging window.' },
  { icon: 'layers', title: 'Advanced Templates', text: 'Lead magnets, product demos, support triage and launches — ready to customise.' },
  { icon: 'sparkles', title: 'AI Sales Assistant', text: 'Answers questions from your knowledge base and suggests the right offer.' },
  { icon: 'users', title: 'Lead Tracking', text: 'Every potential customer captured with source and status, from new to converted.' },
  { icon: 'chart', title: 'Analytics', text: 'Leads, conversions and automation performance over 7, 30 or 90 days.' },
];

const faqs = [
  { q: 'Do I need to code?', a: 'No. Flows are built visually and templates cover the common cases.' },
  {
    q: 'Is it allowed by Instagram and Facebook?',
    a: 'Yes. Replypilot uses the official Graph API and respects Meta’s messaging windows and private-reply rules.',
  },
  { q: 'Can I self-host Replypilot?', a: 'Yes. One command starts it with an embedded database; scale out later with an external PostgreSQL.' },
];

export function FeaturesPage() {
  return (
    <>
      <MarketingHero
        eyebrow="Features"
        title="Everything you need to automate conversations"
        description="From the first comment to a closed sale — automated, organised and measurable."
      >
        <ButtonLink to="/register" size="lg">
          Start free
        </ButtonLink>
      </MarketingHero>
      <PageSection>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <InfoCard key={feature.title} icon={feature.icon} title={feature.title}>
              {feature.text}
            </InfoCard>
          ))}
        </div>
      </PageSection>
      <PageSection title="Frequently asked questions" narrow>
        <FaqList items={faqs} />
        <div className="mt-10 text-center">
          <ButtonLink to="/register" size="lg">
            Get started free
          </ButtonLink>
        </div>
      </PageSection>
    </>
  );
}
