import { planHighlights, planList, planOf, type PlanSource } from '@contracts/plans';
import { useSearchParams } from 'react-router-dom';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api';
import { howToGetPlan, useBilling, usePlans, useStripeRedirect } from '../plans/plans.api';
import { useCan } from '../team/use-can';
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
  const owner = useCan('billing:manage');
  const stripe = useStripeRedirect();
  const [params] = useSearchParams();
  const returned = params.get('checkout');
  // Checkout when no subscription is linked yet; afterwards the portal changes or cancels it.
  const canCheckout = Boolean(b?.checkout && !b.portal && owner);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Billing" description="Your workspace's plan and this month's usage." />
      {returned === 'done' && (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
          {b?.source === 'stripe'
            ? `Thank you. Your ${plan.name} plan is active.`
            : 'Thank you. Your plan changes here as soon as Stripe confirms the payment, usually within a few seconds; reload to see it.'}
        </p>
      )}
      {returned === 'cancelled' && (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-900 dark:text-slate-300">Checkout was cancelled; nothing was charged.</p>
      )}
      {stripe.isError && (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(stripe.error, 'Stripe could not be reached. Please try again.')}
        </p>
      )}
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
          <div className="flex gap-2">
            {b?.portal && owner && (
              <Button onClick={() => stripe.mutate('portal')} loading={stripe.isPending}>
                Manage subscription
              </Button>
            )}
            <ButtonLink to="/pricing" variant="outline">
              Compare plans
            </ButtonLink>
          </div>
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
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {b?.portal ? 'Change the plan or the card, or cancel, in Stripe’s billing portal (Manage subscription).' : howToGetPlan(catalogue.data)}
          {b?.checkout && !owner && ' Only the workspace owner can.'}
        </p>
        <ul className="mt-4 divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {planList.map((p) => (
            <li key={p.id} className="flex items-center justify-between py-2">
              <span className="font-medium text-slate-900 dark:text-white">
                {p.name} {p.id === plan.id && <span className="ml-1 text-xs font-normal text-slate-500">(current)</span>}
              </span>
              <span className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
                ${p.monthlyPriceUsd}/mo · {p.automatedMessages.toLocaleString('en-US')} messages
                {canCheckout && p.monthlyPriceUsd > 0 && p.id !== plan.id && (
                  <Button size="sm" variant="outline" onClick={() => stripe.mutate({ plan: p.id })} loading={stripe.isPending && stripe.variables !== 'portal'}>
                    Choose {p.name}
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
