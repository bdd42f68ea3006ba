import type { Plan } from '@contracts/plans';
import { planHighlights } from '@contracts/plans';
import { ButtonLink } from '../../components/button-link';
import { Icon } from '../../components/icon';
import { cn } from '../../lib/cn';

interface PriceCardProps {
  plan: Plan;
  /** The trial plan while TRIAL_DAYS is set: "Try it N days free". */
  trialDays?: number;
  /** A paid plan's note: how to get it on this server. */
  paidNote?: string;
  /** Where a signed-in visitor chooses a paid plan (Billing, when Stripe Checkout is configured). */
  choosePaidIn?: string;
}

/** One plan of the catalogue (contracts/plans.ts), as the pricing page shows it. */
export function PriceCard({ plan, trialDays, paidNote, choosePaidIn }: PriceCardProps) {
  const highlighted = Boolean(plan.trial);
  const choose = plan.monthlyPriceUsd > 0 && choosePaidIn;
  return (
    <article
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 dark:bg-slate-900',
        highlighted ? 'border-indigo-500 shadow-lg shadow-indigo-500/10' : 'border-slate-200 dark:border-slate-800',
      )}
    >
      {highlighted && <span className="absolute -top-3 left-6 rounded-full bg-indigo-600 px-3 py-0.5 text-xs font-medium text-white">Most popular</span>}
      <h3 className="font-semibold text-slate-900 dark:text-white">{plan.name}</h3>
      <p className="mt-3 text-3xl font-semibold text-slate-900 dark:text-white">
        ${plan.monthlyPriceUsd}
        <span className="text-sm font-normal text-slate-500">/mo</span>
      </p>
      <ul className="mt-4 flex-1 space-y-2">
        {[...planHighlights(plan), ...plan.features].map((feature) => (
          <li key={feature} className="flex items-start gap-2 text-sm text-slate-600 dark:text-slate-400">
            <Icon name="check" size={16} className="mt-0.5 shrink-0 text-emerald-500" />
            {feature}
          </li>
        ))}
      </ul>
      {plan.monthlyPriceUsd > 0 && paidNote && <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">{paidNote}</p>}
      <ButtonLink to={choose || '/register'} variant={highlighted ? 'primary' : 'outline'} className="mt-4">
        {choose ? `Choose ${plan.name}` : trialDays ? `Try it ${trialDays} days free` : plan.monthlyPriceUsd === 0 ? 'Start free' : 'Create an account'}
      </ButtonLink>
    </article>
  );
}
