import { ButtonLink } from '../../components/button-link';
import { FaqList } from '../faq-list';
import { MarketingHero } from '../marketing-hero';
import { PageSection } from '../page-section';
import { automationPlans, bundles, chatAddOns, optionalAddOns, pricingFaqs } from './pricing.data';
import { PriceCard } from './price-card';

export function PricingPage() {
  return (
    <>
      <MarketingHero
        eyebrow="Pricing"
        title="Simple plans that grow with you"
        description="Start free. Pay for automation, add AI chat if you want it. Overage never stops your flows."
      />
      <PageSection title="Bundles" description="Automation and AI chat together, for less.">
        <div className="grid gap-6 md:grid-cols-3">
          {bundles.map((bundle, index) => (
            <PriceCard key={bundle.name} name={bundle.name} price={bundle.price} features={[bundle.description]} note={bundle.saving} popular={index === 1} />
          ))}
        </div>
      </PageSection>
      <PageSection title="Automation plans" description="Monthly. Overage $3 per 1,000 messages.">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {automationPlans.map((plan) => (
            <PriceCard key={plan.name} {...plan} />
          ))}
        </div>
      </PageSection>
      <PageSection title="AI chatbot add-ons" description="Added to any plan. Overage $10 per 1,000 chats.">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {chatAddOns.map((addOn) => (
            <PriceCard key={addOn.name} {...addOn} prefix="+" />
          ))}
        </div>
      </PageSection>
      <PageSection title="Optional add-ons">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {optionalAddOns.map((addOn) => (
            <li key={addOn.name} className="flex items-center justify-between rounded-xl border border-slate-200 px-4 py-3 text-sm dark:border-slate-800">
              <span className="font-medium text-slate-900 dark:text-white">{addOn.name}</span>
              <span className="text-slate-600 dark:text-slate-400">{addOn.price}</span>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection title="Pricing questions" narrow>
        <FaqList items={pricingFaqs} />
        <div className="mt-10 rounded-2xl bg-slate-50 p-6 text-center dark:bg-slate-900">
          <p className="font-medium text-slate-900 dark:text-white">Need more volume or a custom setup?</p>
          <ButtonLink to="/contact" variant="outline" className="mt-4">
            Contact Sales
          </ButtonLink>
        </div>
      </PageSection>
    </>
  );
}
