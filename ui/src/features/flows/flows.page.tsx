import { useState } from 'react';
import type { Flow } from '@contracts/flows';
import { ButtonLink } from '../../components/button-link';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { useCan } from '../team/use-can';
import { ViewOnly } from '../team/view-only';
import { ConfirmDialog } from './confirm-dialog';
import { FlowCard } from './flow-card';
import { useDeleteFlow, useFlows } from './use-flows';

/** /flows: every flow of the workspace; New Flow opens the builder. */
export function FlowsPage() {
  const { toast } = useToast();
  const flows = useFlows();
  const remove = useDeleteFlow();
  const [deleting, setDeleting] = useState<Flow | null>(null);
  const canEdit = useCan('flows:write');

  const newFlow = canEdit ? (
    <ButtonLink to="/flow-builder">
      <Icon name="plus" size={16} /> New Flow
    </ButtonLink>
  ) : (
    <ViewOnly permission="flows:write" />
  );

  let body;
  if (flows.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
        <Spinner size={16} /> Loading flows...
      </p>
    );
  } else if (flows.isError) {
    body = (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        Couldn't load flows: {errorMessage(flows.error, 'please try again.')}
      </p>
    );
  } else if (flows.data.length === 0) {
    body = (
      <EmptyState
        icon="workflow"
        title="No flows yet"
        description="A flow answers a keyword DM, a comment or a story reply with messages, delays, conditions and webhooks — drawn on a canvas."
      >
        {newFlow}
      </EmptyState>
    );
  } else {
    body = (
      <ul aria-label="Flows" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {flows.data.map((flow) => (
          <li key={flow.id} className="min-w-0">
            <FlowCard flow={flow} onDelete={canEdit ? () => setDeleting(flow) : undefined} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div>
      <PageHeader
        title="Flow Builder"
        description="Design automations visually: triggers, DMs, delays, conditions and webhooks."
        actions={
          <>
            <ButtonLink to="/runs" variant="outline">
              <Icon name="activity" size={16} /> Runs
            </ButtonLink>
            {newFlow}
          </>
        }
      />
      {body}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.name ?? ''}”?`}
        description="The flow stops answering contacts and is removed with its versions. This cannot be undone."
        confirmLabel="Delete flow"
        destructive
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast({ title: 'Flow deleted', variant: 'success' }),
            onError: (err) => toast({ title: 'Error deleting flow', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </div>
  );
}
