import { InfoCard } from './info-card';
import { MarketingHero } from './marketing-hero';
import { PageSection } from './page-section';

const courses = [
  { title: 'Automation Fundamentals', price: 'Free', level: 'Beginner' },
  { title: 'Instagram DM Mastery', price: '$49', level: 'Intermediate' },
  { title: 'Flow Design for Sales', price: '$79', level: 'Intermediate' },
  { title: 'AI Assistant & Knowledge Bases', price: '$59', level: 'Advanced' },
];

export function AcademyPage() {
  return (
    <>
      <MarketingHero eyebrow="Academy" title="Learn conversational automation" description="Courses and learning paths — enrolment opens soon." />
      <PageSection>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {courses.map((c) => (
            <InfoCard
              key={c.title}
              icon="graduation"
              title={c.title}
              footer={
                // No enrolment exists yet: the price and a plain note, not a button that does nothing.
                <p className="text-sm text-slate-600 dark:text-slate-400">{c.price} · enrolment opens soon</p>
              }
            >
              {c.level}
            </InfoCard>
          ))}
        </div>
      </PageSection>
    </>
  );
}
