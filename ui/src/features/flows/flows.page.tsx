import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { PlannedFeatures } from '../../components/planned-features';

export function FlowsPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Flow Builder"
        description="Design automations visually: triggers, DMs, delays, conditions and webhooks."
        actions={
          <Button disabled title="Creating flows arrives with the flow builder release">
            <Icon name="plus" size={16} /> New Flow
          </Button>
        }
      />
      <EmptyState
        icon="workflow"
        title="No flows yet"
        description="The visual flow builder is arriving in an upcoming release. Your flows will be listed here."
      />
      <PlannedFeatures
        items={[
          'Drag-and-drop canvas with zoom, minimap and snap grid',
          'Trigger, Instagram DM, X DM, delay, condition, webhook and complete nodes',
          'Start / Stop to publish a flow; edits never change runs in flight',
          'Validation that points at the node that needs fixing',
        ]}
      />
    </div>
  );
}
