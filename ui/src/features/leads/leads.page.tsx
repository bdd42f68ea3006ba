import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { PlannedFeatures } from '../../components/planned-features';

/** /leads and /sales-leads. */
export function LeadsPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Sales Leads"
        description="People your automations identified as potential customers."
        actions={
          <>
            <Button variant="outline" disabled>
              Export
            </Button>
            <Button disabled>
              <Icon name="plus" size={16} /> Add Lead
            </Button>
          </>
        }
      />
      <EmptyState
        icon="users"
        title="No leads yet"
        description="Leads captured from comments and DMs will be listed here. Lead tracking is part of an upcoming release."
      />
      <PlannedFeatures
        items={[
          'Lead stats and filters by status and source',
          'Statuses: new, contacted, qualified, converted, lost',
          'Add leads by hand (name, email, source)',
          'Pages of 20 leads with export',
        ]}
      />
    </div>
  );
}
