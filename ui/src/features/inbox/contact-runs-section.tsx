import type { RunSummary } from '@contracts/flows';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { formatListTime } from '../../lib/format-time';
import { RunStatusBadge } from '../runs/run-status-badge';
import { PanelSection } from './panel-section';
import { useCancelContactRun } from './use-contact-panel';

const live = new Set<RunSummary['status']>(['running', 'waiting', 'sleeping']);

/** The flow runs this contact is in, newest first; a live one can be cancelled (POST /api/runs/:id/cancel). */
export function ContactRunsSection({ runs, conversationId }: { runs: RunSummary[]; conversationId: string }) {
  const cancel = useCancelContactRun(conversationId);
  const { toast } = useToast();
  return (
    <PanelSection title="Flow runs">
      {runs.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">No flow has run for this contact.</p>
      ) : (
        <ul className="space-y-2">
          {runs.map((run) => (
            <li key={run.id} className="rounded-lg border border-slate-200 p-2 dark:border-slate-700">
              <div className="flex items-center gap-2">
                <Link to={`/runs/${run.id}`} className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900 hover:underline dark:text-white">
                  {run.flowName}
                </Link>
                <RunStatusBadge status={run.status} />
              </div>
              <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">
                v{run.version} · started {formatListTime(run.startedAt)}
                {run.statusDetail && live.has(run.status) ? ` · ${run.statusDetail}` : ''}
              </p>
              {live.has(run.status) && (
                <Button
                  variant="outline"
                  size="sm"
                  className="mt-2"
                  aria-label={`Cancel run of ${run.flowName}`}
                  loading={cancel.isPending && cancel.variables === run.id}
                  onClick={() =>
                    cancel.mutate(run.id, {
                      onSuccess: () => toast({ title: 'Run cancelled', variant: 'success' }),
                      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to cancel the run'), variant: 'destructive' }),
                    })
                  }
                >
                  Cancel run
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </PanelSection>
  );
}
