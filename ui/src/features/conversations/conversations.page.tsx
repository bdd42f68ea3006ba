import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { ButtonLink } from '../../components/button-link';

export function ConversationsPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Conversation Manager" description="Reply to conversations across your connected accounts." />
      <EmptyState
        icon="message-square"
        title="No conversations yet"
        description="Conversations appear once an account is connected; the conversation service is part of an upcoming release."
      >
        <ButtonLink to="/connect-accounts" variant="outline">
          Connect an account
        </ButtonLink>
      </EmptyState>
    </div>
  );
}
