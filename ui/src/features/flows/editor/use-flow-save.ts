import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Flow, FlowError } from '@contracts/flows';
import { useToast } from '../../../components/toast/use-toast';
import { ApiError, errorMessage } from '../../../lib/api';
import { flowErrorsFromSaveError } from '../graph/flow-errors';
import { structureKey } from '../graph/flow-graph';
import { useSaveFlow } from '../use-flows';
import type { FlowDraftHandle } from './use-flow-draft';

export type SaveIntent = 'save' | 'start' | 'stop';

const successText: Record<SaveIntent, (flow: Flow) => string> = {
  save: () => 'Your automation flow has been saved.',
  start: (flow) => `Your automation flow has been saved. Version ${flow.publishedVersion ?? 1} is live now.`,
  stop: () => 'Your automation flow has been saved. It no longer answers contacts.',
};

/**
 * Save, Start (save + publish: isActive true) and Stop (isActive false). A new flow is created by
 * the first of these and the page moves to /flows/:id. A publish the compiler refuses keeps the
 * flow inactive and hands back its errors for the canvas.
 */
export function useFlowSave(flowId: string | null, draft: FlowDraftHandle, onCreated: (flow: Flow) => void) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const mutation = useSaveFlow();
  const [rejected, setRejected] = useState<{ errors: FlowError[]; structure: string } | null>(null);
  const [intent, setIntent] = useState<SaveIntent | null>(null);
  /** The server answered 409: the flow was saved elsewhere since this editor loaded it. */
  const [conflict, setConflict] = useState(false);

  function save(next: SaveIntent, overwrite = false) {
    const isActive = next === 'start' ? true : next === 'stop' ? false : draft.isActive;
    const sent = { settings: draft.settings, graph: draft.graph };
    setIntent(next);
    mutation.mutate(
      {
        id: flowId,
        body: {
          ...sent.settings,
          flowData: sent.graph,
          isActive,
          ...(flowId && draft.baseUpdatedAt && !overwrite ? { expectedUpdatedAt: draft.baseUpdatedAt } : {}),
        },
      },
      {
        onSuccess: (flow) => {
          draft.markSaved(flow, sent);
          setRejected(null);
          setConflict(false);
          toast({ title: 'Flow saved successfully', description: successText[next](flow), variant: 'success' });
          if (!flowId) {
            onCreated(flow);
            void navigate(`/flows/${flow.id}`, { replace: true });
          }
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409) {
            setConflict(true);
            return;
          }
          const errors = flowErrorsFromSaveError(err);
          if (errors) setRejected({ errors, structure: structureKey(sent.graph) });
          toast({
            title: 'Error saving flow',
            description: errors
              ? `${errors.length === 1 ? 'One problem needs' : `${errors.length} problems need`} fixing before the flow can be published: see the highlighted nodes.`
              : errorMessage(err, 'The flow could not be saved. Please try again.'),
            variant: 'destructive',
          });
        },
        onSettled: () => setIntent(null),
      },
    );
  }

  return {
    save,
    conflict,
    dismissConflict: () => setConflict(false),
    pending: mutation.isPending,
    intent,
    /** The compiler's refusal, while the graph is still the one it refused. */
    rejectedErrors: rejected && rejected.structure === structureKey(draft.graph) ? rejected.errors : null,
  };
}
