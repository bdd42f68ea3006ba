import { ButtonLink } from '../../components/button-link';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { howToGetPlan, usePlans } from '../../features/plans/plans.api';
import { FaqList } from '../faq-list';
import { MarketingHero } from '../marketing-hero';
import { PageSection } from '../page-section';
import { pricingFaqs } from './pricing.data';
import { PriceCard } from './price-card';

/** The plan catalogue (contracts/plans.ts via GET /api/plans): the same names and numbers as onboarding and Billing. */
export function PricingPage() {
  const { data, isError } = usePlans();
  const trial = data?.trial ?? null;
  const { isAuthenticated } = useCurrentUser();
  // With Stripe configured, a signed-in visitor's paid plan leads to Billing, where the owner pays (ADR 0046).
  const choosePaidIn = data?.checkout && isAuthenticated ? '/account/billing' : undefined;
  return (
    <>
      <MarketingHero
        eyebrow="Pricing"
        title="Simple plans that grow with you"
        description={
          trial
            ? `Start with ${trial.days} days of Pro, no card needed. Going over an allowance never stops your flows.`
            : 'Start free. Going over an allowance never stops your flows: you get a notice instead.'
        }
      />
      <PageSection title="Plans" description="Monthly. Automated messages count automated DMs and replies sent and AI answers.">
        {isError && <p className="text-sm text-red-600">The plans could not be loaded. Please reload the page.</p>}
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {data?.plans.map((plan) => (
            <PriceCard
              key={plan.id}
              plan={plan}
              trialDays={trial?.plan === plan.id ? trial.days : undefined}
              paidNote={howToGetPlan(data)}
              choosePaidIn={choosePaidIn}
            />
          ))}
        </div>
      </PageSection>
      <PageSection title="Pricing questions" narrow>
        <FaqList items={pricingFaqs(trial?.days ?? null, data?.checkout ?? false)} />
        <div className="mt-10 rounded-2xl bg-slate-50 p-6 text-center dark:bg-slate-900">
          <p className="font-medium text-slate-900 dark:text-white">Need more volume or a custom setup?</p>
          <ButtonLink to="/contact" variant="outline" className="mt-4">
            Contact us
          </ButtonLink>
        </div>
      </PageSection>
    </>
  );
}
