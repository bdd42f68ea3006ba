import { Icon } from '../../../components/icon';
import { onboardingPlans } from '../onboarding.data';
import { OptionCard } from '../option-card';
import { StepHeading } from './step-heading';
import type { StepProps } from './step-props';

export function PlanStep({ state, update }: StepProps) {
  return (
    <div>
      <StepHeading title="Choose your plan" description="Start free — you can change plans any time. Nothing is charged here." />
      <div className="grid gap-4 md:grid-cols-3">
        {onboardingPlans.map((plan) => (
          <OptionCard key={plan.id} name="plan" label={plan.name} selected={state.selectedPlan === plan.id} onSelect={() => update({ selectedPlan: plan.id })}>
            <span className="font-semibold text-slate-900 dark:text-white">{plan.name}</span>
            <span className="mt-1 text-2xl font-semibold text-slate-900 dark:text-white">
              {plan.price}
              <span className="text-sm font-normal text-slate-500">/mo</span>
            </span>
            <ul className="mt-3 space-y-1.5">
              {plan.features.map((feature) => (
                <li key={feature} className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
                  <Icon name="check" size={14} className="text-emerald-500" /> {feature}
                </li>
              ))}
            </ul>
          </OptionCard>
        ))}
      </div>
    </div>
  );
}
