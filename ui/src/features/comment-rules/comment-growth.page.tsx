import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { PlannedFeatures } from '../../components/planned-features';

export function CommentGrowthPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Comment Growth Tool"
        description="Reply to comments that match your keywords — publicly and with a private DM."
        actions={
          <Button disabled>
            <Icon name="plus" size={16} /> New Rule
          </Button>
        }
      />
      <EmptyState
        icon="message"
        title="No comment rules yet"
        description="Comment rules need a connected Instagram or Facebook account. Rule management is part of an upcoming release."
      />
      <PlannedFeatures
        items={[
          'Keywords with a response template',
          'Apply to all posts or one specific post',
          'Switch rules on and off',
          'One private reply per comment, as Meta allows',
        ]}
      />
    </div>
  );
}
