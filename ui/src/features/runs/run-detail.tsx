import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { RunSummary } from '@contracts/flows';
import { Card } from '../../components/card';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/api';
import { formatMessageTime } from '../../lib/format-time';
import { RunActions } from './run-actions';
import { RunStatusBadge } from './run-status-badge';
import { RunTimeline } from './run-timeline';
import { contactText, formatDuration, shownDetail } from './runs.helpers';
import { useRun } from './use-runs';

interface RunDetailViewProps {
  runId: string;
  /** A back link or breadcrumb above the header. */
  back: ReactNode;
  onReplayed: (run: RunSummary) => void;
  /** Hide the "Open flow" link when already inside that flow's editor. */
  inFlowEditor?: boolean;
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 truncate text-sm text-slate-900 dark:text-slate-100" title={typeof children === 'string' ? children : undefined}>
        {children}
      </dd>
    </div>
  );
}

/** A run's header (status, actions) and its vertical timeline of steps. */
export function RunDetailView({ runId, back, onReplayed, inFlowEditor }: RunDetailViewProps) {
  const query = useRun(runId);

  if (query.isPending) {
    return (
      <div>
        {back}
        <p className="mt-4 flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
          <Spinner size={16} /> Loading the run...
        </p>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div>
        {back}
        <p role="alert" className="mt-4 text-sm text-red-600 dark:text-red-400">
          {/^404/.test(query.error.message) ? 'This run does not exist.' : `Couldn't load the run: ${errorMessage(query.error, 'please try again.')}`}
        </p>
      </div>
    );
  }

  const run = query.data;
  const total = run.finishedAt ? formatDuration(Date.parse(run.finishedAt) - Date.parse(run.startedAt)) : null;
  return (
    <div className="space-y-6">
      {back}
      <Card className="p-5">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-xl font-semibold tracking-tight text-slate-900 dark:text-white">{run.flowName}</h1>
              <RunStatusBadge status={run.status} />
            </div>
            {shownDetail(run) && <p className="mt-1 text-sm break-words text-slate-600 dark:text-slate-400">{shownDetail(run)}</p>}
            {!inFlowEditor && (
              <Link to={`/flows/${run.flowId}`} className="mt-1 inline-block text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                Open flow
              </Link>
            )}
          </div>
          <RunActions run={run} onReplayed={onReplayed} />
        </div>
        {run.error && (
          <p
            role="alert"
            className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm break-words text-red-700 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
          >
            {run.error}
          </p>
        )}
        <dl className="mt-5 grid grid-cols-2 gap-4 border-t border-slate-200 pt-4 sm:grid-cols-3 lg:grid-cols-[minmax(0,2fr)_repeat(5,minmax(0,1fr))] dark:border-slate-800">
          <Meta label="Contact">{contactText(run.contact)}</Meta>
          <Meta label="Version">v{run.version}</Meta>
          <Meta label="Steps">{run.stepCount}</Meta>
          <Meta label="Started">{formatMessageTime(run.startedAt)}</Meta>
          <Meta label={run.finishedAt ? 'Finished' : 'Updated'}>
            {formatMessageTime(run.finishedAt ?? run.updatedAt)}
            {total && <span className="text-slate-500 dark:text-slate-400"> ({total})</span>}
          </Meta>
          <Meta label="Resumes">{run.resumeAt ? formatMessageTime(run.resumeAt) : '—'}</Meta>
        </dl>
      </Card>
      <Card className="p-5">
        <h2 className="mb-4 text-sm font-semibold text-slate-900 dark:text-white">Timeline</h2>
        <RunTimeline steps={run.steps} />
      </Card>
    </div>
  );
}
