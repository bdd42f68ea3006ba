import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { RunStatus } from '@contracts/flows';
import { Icon } from '../../../components/icon';
import { SelectField } from '../../../components/select-field';
import { RunDetailView } from '../../runs/run-detail';
import { RunList } from '../../runs/run-list';
import { runStatusList, statusLabel } from '../../runs/runs.helpers';

interface FlowRunsTabProps {
  flowId: string;
  /** A run opened inside the tab (?run=…). */
  runId: string | null;
  tabHref: (runId?: string) => string;
  onOpenRun: (runId: string) => void;
}

/** The flow editor's Runs tab: this flow's runs, and one run's timeline in place. */
export function FlowRunsTab({ flowId, runId, tabHref, onOpenRun }: FlowRunsTabProps) {
  const [status, setStatus] = useState<RunStatus | undefined>(undefined);
  if (runId) {
    return (
      <RunDetailView
        key={runId}
        runId={runId}
        inFlowEditor
        onReplayed={(run) => onOpenRun(run.id)}
        back={
          <Link to={tabHref()} className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            <Icon name="arrow-left" size={16} /> All runs of this flow
          </Link>
        }
      />
    );
  }
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <SelectField
          label="Status"
          compact
          className="w-48"
          value={status ?? ''}
          options={[{ value: '', label: 'All statuses' }, ...runStatusList.map((s) => ({ value: s, label: statusLabel(s) }))]}
          onChange={(e) => setStatus((e.target.value || undefined) as RunStatus | undefined)}
        />
        <Link to={`/runs?flowId=${flowId}`} className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          Open in Runs
        </Link>
      </div>
      <RunList
        filters={{ flowId, status }}
        showFlow={false}
        hrefOf={(run) => tabHref(run.id)}
        emptyText="Start the flow and send its keyword from the Simulator, or use Test run."
      />
    </div>
  );
}
