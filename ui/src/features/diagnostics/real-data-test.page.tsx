import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { CheckStatusBadge } from './check-status-badge';
import { CounterTile } from './counter-tile';
import { DiagnosticPageHeader } from './diagnostic-page-header';
import { featureChecks } from './feature-checks';
import { ProgressBar } from './progress-bar';
import { useCheckRunner } from './use-check-runner';

export function RealDataTestPage() {
  const { runs, running, runAll, completed, total } = useCheckRunner(featureChecks);
  const working = runs.filter((r) => r.result?.status === 'pass').length;
  const issues = runs.filter((r) => r.result && ['fail', 'warning', 'needs_auth'].includes(r.result.status)).length;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <DiagnosticPageHeader
        title="Real Data Validation"
        description="Checks each feature with a real request to the live server; each answer's status and latency is shown."
        actions={
          <Button onClick={() => void runAll()} loading={running}>
            <Icon name="check-circle" size={16} /> Validate All Features
          </Button>
        }
      />
      <div className="space-y-6">
        <ProgressBar value={completed} max={total} label="Progress" />
        <div className="grid grid-cols-3 gap-3">
          <CounterTile label="Working" value={working} tone="text-emerald-600" />
          <CounterTile label="Issues" value={issues} tone="text-red-600" />
          <CounterTile label="Total" value={total} tone="text-slate-900 dark:text-white" />
        </div>
        <Card className="divide-y divide-slate-100 dark:divide-slate-800">
          {runs.map((run) => (
            <details key={run.check.id} className="group px-4 py-3">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4">
                <span className="flex items-center gap-2 text-sm font-medium text-slate-900 dark:text-white">
                  <Icon name="chevron-right" size={16} className="text-slate-400 transition-transform group-open:rotate-90" />
                  {run.check.name}
                </span>
                <CheckStatusBadge run={run} vocabulary="validation" />
              </summary>
              <div className="mt-2 ml-6 space-y-1 text-sm text-slate-600 dark:text-slate-400">
                <p>Category: {run.check.category}</p>
                <p>{run.result?.detail ?? 'Not validated yet.'}</p>
                {run.result?.fix && <p className="text-amber-700 dark:text-amber-400">Fix: {run.result.fix}</p>}
                {run.finishedAt && <p className="text-xs text-slate-400">Checked at {run.finishedAt.toLocaleTimeString()}</p>}
              </div>
            </details>
          ))}
        </Card>
      </div>
    </div>
  );
}
