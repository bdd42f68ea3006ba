import { Link } from 'react-router-dom';
import type { RunSummary } from '@contracts/flows';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/api';
import { formatListTime, formatMessageTime } from '../../lib/format-time';
import { RunStatusBadge } from './run-status-badge';
import { flattenRuns, shownDetail, type RunFilters } from './runs.helpers';
import { useRunList } from './use-runs';

interface RunListProps {
  filters: RunFilters;
  /** Where a run opens: /runs/:id, or the flow editor's Runs tab. */
  hrefOf: (run: RunSummary) => string;
  /** The flow column is redundant on a flow's own Runs tab. */
  showFlow?: boolean;
  emptyText: string;
}

const cols = 'md:grid md:grid-cols-[minmax(0,1.3fr)_minmax(0,1.2fr)_minmax(0,1.6fr)_4rem_minmax(0,1fr)] md:items-start md:gap-4';

function fullTime(iso: string | null): string | undefined {
  return iso ? new Date(iso).toLocaleString() : undefined;
}

/** RunSummary rows (a table on wide screens, stacked cards on phones), keyset "Load more". */
export function RunList({ filters, hrefOf, showFlow = true, emptyText }: RunListProps) {
  const query = useRunList(filters);
  const runs = flattenRuns(query.data?.pages);

  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
        <Spinner size={16} /> Loading runs...
      </p>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        Couldn't load runs: {errorMessage(query.error, 'please try again.')}
      </p>
    );
  }
  if (runs.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700">
        <p className="text-sm font-medium text-slate-900 dark:text-white">No runs yet</p>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{emptyText}</p>
      </div>
    );
  }

  return (
    <div>
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <div
          aria-hidden="true"
          className={`hidden border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-medium tracking-wide text-slate-500 uppercase dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-400 ${cols}`}
        >
          <span>{showFlow ? 'Flow' : 'Version'}</span>
          <span>Contact</span>
          <span>Status</span>
          <span>Steps</span>
          <span>Started</span>
        </div>
        <ul aria-label="Runs" className="divide-y divide-slate-200 dark:divide-slate-800">
          {runs.map((run) => (
            <li key={run.id} data-run-id={run.id} data-status={run.status}>
              <Link
                to={hrefOf(run)}
                className={`block px-4 py-3 text-sm transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none dark:hover:bg-slate-800/50 dark:focus-visible:bg-slate-800/50 ${cols}`}
              >
                <div className="flex min-w-0 items-baseline justify-between gap-2 md:block">
                  <p className="truncate font-medium text-slate-900 dark:text-white">{showFlow ? run.flowName : `Version ${run.version}`}</p>
                  {showFlow && <p className="shrink-0 text-xs text-slate-500 dark:text-slate-400">v{run.version}</p>}
                </div>
                <div className="mt-1 min-w-0 md:mt-0">
                  <p className="truncate text-slate-700 dark:text-slate-300">{run.contact.name}</p>
                  {run.contact.username && <p className="truncate text-xs text-slate-500 dark:text-slate-400">@{run.contact.username}</p>}
                </div>
                <div className="mt-2 min-w-0 md:mt-0">
                  <RunStatusBadge status={run.status} />
                  {shownDetail(run) && <p className="mt-1 line-clamp-2 text-xs break-words text-slate-500 dark:text-slate-400">{shownDetail(run)}</p>}
                  {run.resumeAt && (
                    <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400" title={fullTime(run.resumeAt)}>
                      Resumes {formatMessageTime(run.resumeAt)}
                    </p>
                  )}
                </div>
                <p className="mt-2 text-xs text-slate-600 tabular-nums md:mt-0 md:text-sm dark:text-slate-400">
                  <span className="md:hidden">Steps: </span>
                  {run.stepCount}
                </p>
                <div className="mt-1 text-xs text-slate-500 md:mt-0 md:text-sm dark:text-slate-400">
                  <p title={fullTime(run.startedAt)}>
                    <span className="md:hidden">Started </span>
                    {formatListTime(run.startedAt)}
                  </p>
                  <p className="text-xs" title={fullTime(run.updatedAt)}>
                    Updated {formatListTime(run.updatedAt)}
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </div>
      {query.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
