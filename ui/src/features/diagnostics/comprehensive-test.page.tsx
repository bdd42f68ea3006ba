import { useState } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { CategoryFilter } from './category-filter';
import { CheckStatusBadge } from './check-status-badge';
import { comprehensiveChecks } from './comprehensive-checks';
import { CounterTile } from './counter-tile';
import { DiagnosticPageHeader } from './diagnostic-page-header';
import { ProgressBar } from './progress-bar';
import { useCheckRunner } from './use-check-runner';

const categories = ['All', 'OAuth', 'Database', 'API', 'Social', 'Automation', 'AI', 'Templates', 'Real-time'];

export function ComprehensiveTestPage() {
  const { runs, running, runAll, completed, total } = useCheckRunner(comprehensiveChecks);
  const [category, setCategory] = useState('All');
  const count = (status: string) => runs.filter((r) => r.result?.status === status).length;
  const warnings = count('warning') + count('needs_auth');
  const visible = category === 'All' ? runs : runs.filter((r) => r.check.category === category);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <DiagnosticPageHeader
        title="Comprehensive System Test"
        description="Runs every available check in order. Each check is a real request; its answer's status and latency are shown."
        actions={
          <Button onClick={() => void runAll()} loading={running}>
            <Icon name="play" size={16} /> Run All Tests
          </Button>
        }
      />
      <div className="space-y-6">
        <ProgressBar value={completed} max={total} label="Progress" />
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          <CounterTile label="Passed" value={count('pass')} tone="text-emerald-600" />
          <CounterTile label="Failed" value={count('fail')} tone="text-red-600" />
          <CounterTile label="Warnings" value={warnings} tone="text-amber-600" />
          <CounterTile label="Not available" value={count('not_available')} tone="text-slate-500" />
          <CounterTile label="Total" value={total} tone="text-slate-900 dark:text-white" />
        </div>
        <CategoryFilter categories={categories} value={category} onChange={setCategory} label="Test category" />
        <Card className="divide-y divide-slate-100 dark:divide-slate-800">
          {visible.map((run) => (
            <div key={run.check.id} className="flex items-start justify-between gap-4 px-4 py-3">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900 dark:text-white">
                  {run.check.name} <span className="text-xs font-normal text-slate-500 dark:text-slate-400">· {run.check.category}</span>
                </p>
                <p className="mt-0.5 text-sm break-words text-slate-500 dark:text-slate-400">
                  {run.result?.detail ?? (run.state === 'running' ? 'Running…' : 'Not run yet')}
                </p>
                {run.finishedAt && (
                  <p className="mt-0.5 text-xs text-slate-400">
                    {run.finishedAt.toLocaleTimeString()} · {run.durationMs} ms
                  </p>
                )}
              </div>
              <CheckStatusBadge run={run} vocabulary="test" />
            </div>
          ))}
        </Card>
      </div>
    </div>
  );
}
