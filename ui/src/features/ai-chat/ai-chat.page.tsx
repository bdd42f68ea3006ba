import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { PlannedFeatures } from '../../components/planned-features';

export function AiChatPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="AI Assistant" description="A sales assistant backed by your knowledge base." />
      <EmptyState
        icon="sparkles"
        title="The AI assistant isn't configured yet"
        description="This server has no AI provider set up, and the knowledge-base chat is part of an upcoming release. Nothing you type here would be answered, so the chat is not shown."
      />
      <PlannedFeatures
        items={[
          'Answers for Instagram, X, Facebook or general questions',
          'Confidence score and funnel stage for every reply',
          'Related offers with price and link',
          'Suggested replies and quick topics',
        ]}
      />
    </div>
  );
}
