import { planHighlights, planList, planOf, type PlanSource } from '@contracts/plans';
import { Badge } from '../../components/badge';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { howToGetPlan, useBilling, usePlans } from '../plans/plans.api';
import { UsageMeter } from '../settings/usage-meter';

const sourceText: Record<PlanSource, string> = {
  default: 'The plan every new workspace starts on.',
  admin: 'Set by the operator of this server.',
  stripe: 'Paid online.',
  trial: 'A trial.',
};

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** The workspace's plan (GET /api/billing) against the catalogue (contracts/plans.ts), this month's count, and how to change plan. */
export function BillingPage() {
  const billing = useBilling();
  const catalogue = usePlans();
  const b = billing.data;
  const plan = planOf(b?.plan);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Billing" description="Your workspace's plan and this month's usage." />
      <Card className="p-6">
        {billing.isError && <p className="text-sm text-red-600">Your plan could not be loaded. Please reload the page.</p>}
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <p className="text-sm text-slate-500 dark:text-slate-400">Current plan</p>
            <p className="mt-1 flex items-center gap-2 text-xl font-semibold text-slate-900 dark:text-white">
              {plan.name} {b?.source === 'trial' && <Badge tone="brand">Trial</Badge>}
            </p>
            {b && (
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {b.source === 'trial' && b.trialEndsAt
                  ? `Your trial ends on ${dateOf(b.trialEndsAt)}; then the workspace returns to Free. Flows keep running.`
                  : sourceText[b.source]}
              </p>
            )}
          </div>
          <ButtonLink to="/pricing" variant="outline">
            Compare plans
          </ButtonLink>
        </div>
        <ul className="mt-4 grid gap-1 text-sm text-slate-600 sm:grid-cols-2 dark:text-slate-400">
          {planHighlights(plan).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <div className="mt-6">
          <UsageMeter used={b?.messagesUsed ?? 0} limit={plan.automatedMessages} />
        </div>
      </Card>
      <Card className="p-6">
        <h2 className="font-semibold text-slate-900 dark:text-white">Changing plan</h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{howToGetPlan(catalogue.data)}</p>
        <ul className="mt-4 divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {planList.map((p) => (
            <li key={p.id} className="flex items-center justify-between py-2">
              <span className="font-medium text-slate-900 dark:text-white">
                {p.name} {p.id === plan.id && <span className="ml-1 text-xs font-normal text-slate-500">(current)</span>}
              </span>
              <span className="text-slate-600 dark:text-slate-400">
                ${p.monthlyPriceUsd}/mo · {p.automatedMessages.toLocaleString('en-US')} messages
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
