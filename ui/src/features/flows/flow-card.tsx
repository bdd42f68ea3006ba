import { Link } from 'react-router-dom';
import type { Flow } from '@contracts/flows';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { formatListTime } from '../../lib/format-time';
import { platformLabels, publishText, shownRunCounts, totalRuns } from './flow-labels';

interface FlowCardProps {
  flow: Flow;
  /** Absent for a role that may not change flows. */
  onDelete?: () => void;
}

/** One flow on /flows: status, version, what its runs are doing; the name opens the editor. */
export function FlowCard({ flow, onDelete }: FlowCardProps) {
  const counts = shownRunCounts.filter(({ status }) => (flow.runCounts?.[status] ?? 0) > 0);
  return (
    <Card
      className="relative flex h-full flex-col p-5 transition-shadow focus-within:ring-2 focus-within:ring-indigo-500/40 hover:shadow-md"
      data-flow-id={flow.id}
    >
      <div className="flex items-start gap-3">
        <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
          <Icon name="workflow" size={20} />
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold text-slate-900 dark:text-white">
            <Link to={`/flows/${flow.id}`} className="after:absolute after:inset-0 focus:outline-none">
              {flow.name}
            </Link>
          </h2>
          <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{platformLabels[flow.platform] ?? flow.platform}</p>
        </div>
        {onDelete && (
          <Button
            variant="ghost"
            size="sm"
            onClick={onDelete}
            aria-label={`Delete ${flow.name}`}
            title="Delete flow"
            className="relative z-10 -mr-2 px-2 text-slate-500 hover:text-red-600 dark:hover:text-red-400"
          >
            <Icon name="trash" size={16} />
          </Button>
        )}
      </div>
      {flow.description && <p className="mt-3 line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{flow.description}</p>}
      <div className="mt-3 flex flex-wrap items-center gap-1.5">
        <Badge tone={flow.isActive ? 'success' : 'neutral'}>{flow.isActive ? 'Active' : 'Inactive'}</Badge>
        <Badge tone={flow.publishedVersion === null ? 'neutral' : flow.hasUnpublishedChanges ? 'warning' : 'brand'}>{publishText(flow)}</Badge>
      </div>
      <div className="mt-auto pt-4">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-t border-slate-100 pt-3 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
          <p className="flex flex-wrap gap-x-3 gap-y-1">
            {counts.length === 0 ? (
              <span>{totalRuns(flow) === 0 ? 'No runs yet' : `${totalRuns(flow)} runs`}</span>
            ) : (
              counts.map(({ status, label }) => (
                <span key={status}>
                  <span className="font-semibold text-slate-700 tabular-nums dark:text-slate-200">{flow.runCounts[status]}</span> {label.toLowerCase()}
                </span>
              ))
            )}
          </p>
          <p title={new Date(flow.updatedAt).toLocaleString()}>Updated {formatListTime(flow.updatedAt)}</p>
        </div>
      </div>
    </Card>
  );
}
