import { useState } from 'react';
import type { RunSummary } from '@contracts/flows';
import { Button } from '../../components/button';
import { Icon } from '../../components/icon';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { ConfirmDialog } from '../flows/confirm-dialog';
import { canCancel, canRetry } from './runs.helpers';
import { useRunAction } from './use-runs';

interface RunActionsProps {
  run: RunSummary;
  /** The replay is a new run: show it. */
  onReplayed: (run: RunSummary) => void;
}

export function RunActions({ run, onReplayed }: RunActionsProps) {
  const { toast } = useToast();
  const retry = useRunAction('retry');
  const replay = useRunAction('replay');
  const cancel = useRunAction('cancel');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const failed = (title: string) => (err: unknown) => toast({ title, description: errorMessage(err, 'Please try again.'), variant: 'destructive' });

  return (
    <div className="flex flex-wrap gap-2">
      {canRetry(run) && (
        <Button
          size="sm"
          loading={retry.isPending}
          onClick={() =>
            retry.mutate(run.id, {
              onSuccess: () => toast({ title: 'Retrying from the failed step', variant: 'success' }),
              onError: failed('Could not retry the run'),
            })
          }
        >
          <Icon name="refresh" size={16} /> Retry from failed step
        </Button>
      )}
      <Button
        size="sm"
        variant="outline"
        loading={replay.isPending}
        title="Start a new run for this contact from the beginning, on the latest published version"
        onClick={() =>
          replay.mutate(run.id, {
            onSuccess: (next) => {
              toast({ title: 'Replay started', description: `A new run on version ${next.version}.`, variant: 'success' });
              onReplayed(next);
            },
            onError: failed('Could not replay the run'),
          })
        }
      >
        <Icon name="play" size={16} /> Replay from start
      </Button>
      {canCancel(run) && (
        <Button size="sm" variant="outline" className="text-red-600 dark:text-red-400" onClick={() => setConfirmCancel(true)}>
          <Icon name="x-circle" size={16} /> Cancel run
        </Button>
      )}
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel this run?"
        description={`${run.contact.name} stops here: no further steps of “${run.flowName}” run for this contact.`}
        confirmLabel="Cancel run"
        destructive
        pending={cancel.isPending}
        onClose={() => setConfirmCancel(false)}
        onConfirm={() =>
          cancel.mutate(run.id, {
            onSuccess: () => toast({ title: 'Run cancelled', variant: 'success' }),
            onError: failed('Could not cancel the run'),
            onSettled: () => setConfirmCancel(false),
          })
        }
      />
    </div>
  );
}
