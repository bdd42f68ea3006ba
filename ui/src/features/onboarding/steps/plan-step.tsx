import { planHighlights, planList, planOf } from '@contracts/plans';
import { Icon } from '../../../components/icon';
import { howToGetPlan, usePlans } from '../../plans/plans.api';
import { OptionCard } from '../option-card';
import { StepHeading } from './step-heading';
import type { StepProps } from './step-props';

/**
 * The catalogue's plans (contracts/plans.ts). Choosing one records what the user wants; it never
 * changes the workspace's plan (ADR 0041): a paid plan says how to get it on this server.
 */
export function PlanStep({ state, update }: StepProps) {
  const { data } = usePlans();
  const chosen = planOf(state.selectedPlan);
  const trial = data?.trial ?? null;
  return (
    <div>
      <StepHeading
        title="Choose your plan"
        description={
          trial
            ? `Your workspace starts with ${trial.days} days of ${planOf(trial.plan).name}, then returns to Free unless you choose a paid plan.`
            : 'Your workspace starts on Free. Tell us which plan you want; nothing is charged here.'
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {planList.map((plan) => (
          <OptionCard key={plan.id} name="plan" label={plan.name} selected={state.selectedPlan === plan.id} onSelect={() => update({ selectedPlan: plan.id })}>
            <span className="font-semibold text-slate-900 dark:text-white">{plan.name}</span>
            <span className="mt-1 text-2xl font-semibold text-slate-900 dark:text-white">
              ${plan.monthlyPriceUsd}
              <span className="text-sm font-normal text-slate-500">/mo</span>
            </span>
            <ul className="mt-3 space-y-1.5">
              {planHighlights(plan).map((feature) => (
                <li key={feature} className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
                  <Icon name="check" size={14} className="shrink-0 text-emerald-500" /> {feature}
                </li>
              ))}
            </ul>
          </OptionCard>
        ))}
      </div>
      {chosen.monthlyPriceUsd > 0 && (
        <p
          role="status"
          className="mt-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          Choosing {chosen.name} here does not change your plan. {howToGetPlan(data)}
        </p>
      )}
    </div>
  );
}
