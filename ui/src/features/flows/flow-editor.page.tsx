import '@xyflow/react/dist/style.css';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ButtonLink } from '../../components/button-link';
import { EmptyState } from '../../components/empty-state';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/api';
import { FlowEditor } from './editor/flow-editor';
import { useFlow } from './use-flows';

/**
 * /flows/:id edits a flow, /flow-builder creates one (docs/product-spec.md §2). Lazy-loaded: React Flow and its CSS
 * live in this chunk only.
 */
export function FlowEditorPage() {
  const { id } = useParams();
  const flow = useFlow(id);
  // After the first save of a new flow the URL becomes /flows/:id; the same editor keeps going.
  const [createdId, setCreatedId] = useState<string | null>(null);
  // Bumped by "Reload latest" after a save conflict: the editor restarts from the fresh copy.
  const [generation, setGeneration] = useState(0);
  const editorKey = `${id && id !== createdId ? id : 'new'}:${generation}`;

  if (id && flow.isPending) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center">
        <Spinner size={28} className="text-indigo-600" label="Loading flow" />
      </div>
    );
  }
  if (id && flow.isError) {
    const missing = /^404/.test(flow.error.message);
    return (
      <EmptyState
        icon="workflow"
        title={missing ? 'Flow not found' : "Couldn't load this flow"}
        description={missing ? 'It may have been deleted.' : errorMessage(flow.error, 'Please try again.')}
      >
        <ButtonLink to="/flows" variant="outline">
          Back to flows
        </ButtonLink>
      </EmptyState>
    );
  }
  return (
    <FlowEditor
      key={editorKey}
      flowId={id ?? null}
      initial={id ? (flow.data ?? null) : null}
      saved={id ? (flow.data ?? null) : null}
      onCreated={(created) => setCreatedId(created.id)}
      onReload={() => void flow.refetch().then(() => setGeneration((g) => g + 1))}
    />
  );
}
