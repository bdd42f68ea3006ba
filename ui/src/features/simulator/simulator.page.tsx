import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { PlannedFeatures } from '../../components/planned-features';

export function SimulatorPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Simulator"
        description="Test automations without Meta app review: comment or DM as a pretend contact."
      />
      <EmptyState
        icon="play"
        title="The simulator isn't available yet"
        description="It arrives together with the automation runtime, using a built-in sandbox Instagram and Messenger account for your workspace."
      />
      <PlannedFeatures
        items={[
          'Comment on a sample post as a fake contact',
          'DM your sandbox account and watch flows answer',
          'See every run step the automation took',
          'No Meta or X credentials needed',
        ]}
      />
    </div>
  );
}
