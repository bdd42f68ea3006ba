import { Badge } from '../../components/badge';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../auth/use-current-user';
import { tierName } from '../auth/user.display';
import { UsageMeter } from '../settings/usage-meter';

export function BillingPage() {
  const { user } = useCurrentUser();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Billing" description="Your plan and this month's usage." />
      <Card className="p-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <p className="text-sm text-slate-500 dark:text-slate-400">Current plan</p>
            <p className="mt-1 flex items-center gap-2 text-xl font-semibold text-slate-900 dark:text-white">
              {tierName(user)} <Badge tone="brand">Active</Badge>
            </p>
          </div>
          <ButtonLink to="/pricing" variant="outline">
            Compare plans
          </ButtonLink>
        </div>
        <div className="mt-6">
          <UsageMeter used={user?.messagesUsed ?? 0} limit={user?.messageLimit ?? 100} />
        </div>
      </Card>
      <Card className="p-6">
        <h2 className="font-semibold text-slate-900 dark:text-white">Payment</h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Online payment and plan changes aren't available in this version. To change your plan, contact{' '}
          <a href="mailto:support@replypilot.app" className="font-medium text-indigo-600 dark:text-indigo-400">
            support@replypilot.app
          </a>
          .
        </p>
      </Card>
    </div>
  );
}
