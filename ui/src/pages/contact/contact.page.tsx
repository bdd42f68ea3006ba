import { Link } from 'react-router-dom';
import { Icon, type IconName } from '../../components/icon';
import { MarketingHero } from '../marketing-hero';
import { PageSection } from '../page-section';
import { SUPPORT_EMAIL } from '../../lib/support-contact';
import { ContactForm } from './contact-form';

const scrollToForm = () => document.getElementById('contact-form')?.scrollIntoView({ behavior: 'smooth' });

const channelClasses =
  'flex flex-col items-start rounded-2xl border border-slate-200 bg-white p-5 text-left transition-colors hover:border-indigo-300 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-500/50';

function Channel({ icon, title, text }: { icon: IconName; title: string; text: string }) {
  return (
    <>
      <Icon name={icon} className="text-indigo-600 dark:text-indigo-400" />
      <span className="mt-3 font-medium text-slate-900 dark:text-white">{title}</span>
      <span className="mt-1 text-sm text-slate-600 dark:text-slate-400">{text}</span>
    </>
  );
}

export function ContactPage() {
  return (
    <>
      <MarketingHero
        eyebrow="Contact"
        title="Talk to the Replypilot team"
        description="Questions, partnerships or enterprise plans — we'd love to hear from you."
      />
      <PageSection>
        <div className="grid gap-4 sm:grid-cols-3">
          <Link to="/help" className={channelClasses}>
            <Channel icon="help" title="Help Center" text="Guides and answers to common questions." />
          </Link>
          <a href={`mailto:${SUPPORT_EMAIL}`} className={channelClasses}>
            <Channel icon="mail" title="Email Us" text={SUPPORT_EMAIL} />
          </a>
          <button type="button" onClick={scrollToForm} className={channelClasses}>
            <Channel icon="building" title="Enterprise" text="Custom volume, onboarding and SLAs." />
          </button>
        </div>
        <div className="mt-12 grid gap-10 lg:grid-cols-[2fr_1fr]">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8 dark:border-slate-800 dark:bg-slate-900">
            <h2 className="mb-6 text-xl font-semibold text-slate-900 dark:text-white">Send us a message</h2>
            <ContactForm />
          </div>
          <aside className="space-y-4 text-sm text-slate-600 dark:text-slate-400">
            <h2 className="text-base font-semibold text-slate-900 dark:text-white">Before you write</h2>
            <p>
              Many answers are already in the{' '}
              <Link to="/faq" className="font-medium text-indigo-600 dark:text-indigo-400">
                FAQ
              </Link>{' '}
              and the{' '}
              <Link to="/help" className="font-medium text-indigo-600 dark:text-indigo-400">
                Help Center
              </Link>
              .
            </p>
            <p>There is no phone support: Replypilot is self-hosted, so write to us by email or with the form.</p>
            <button type="button" onClick={scrollToForm} className="font-medium text-indigo-600 dark:text-indigo-400">
              Request a partnership →
            </button>
          </aside>
        </div>
      </PageSection>
    </>
  );
}
