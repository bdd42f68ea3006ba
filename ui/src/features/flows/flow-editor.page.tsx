import { useParams } from 'react-router-dom';
import { ButtonLink } from '../../components/button-link';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';

/** /flows/:id (edit) and /flow-builder (create). The editor itself is not built yet. */
export function FlowEditorPage() {
  const { id } = useParams();
  return (
    <div className="space-y-6">
      <PageHeader
        title={id ? `Flow ${id}` : 'Untitled Flow'}
        description={id ? 'Edit this automation flow.' : 'Create a new automation flow.'}
        actions={
          <ButtonLink to="/flows" variant="outline">
            <Icon name="arrow-left" size={16} /> Back to flows
          </ButtonLink>
        }
      />
      <EmptyState
        icon="workflow"
        title="The flow editor is on its way"
        description={
          id
            ? "Flows can't be opened yet: the flow builder and its API are part of an upcoming release."
            : 'Creating flows becomes possible when the flow builder ships in an upcoming release.'
        }
      />
    </div>
  );
}
