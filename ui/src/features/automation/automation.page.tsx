import { ButtonLink } from '../../components/button-link';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

export function AutomationPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Automation" description="Start, stop and monitor your automations." />
      <EmptyState
        icon="zap"
        title="No automations running"
        description="Automations run once an account is connected and a flow or comment rule is active. The automation runtime is part of an upcoming release."
      >
        <ButtonLink to="/webhook-setup" variant="outline">
          Webhook setup guide
        </ButtonLink>
        <ButtonLink to="/connect-accounts">Connect an account</ButtonLink>
      </EmptyState>
    </div>
  );
}
