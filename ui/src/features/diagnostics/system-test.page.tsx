import { useEffect } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { CheckStatusBadge } from './check-status-badge';
import { DiagnosticPageHeader } from './diagnostic-page-header';
import { systemChecks } from './system-checks';
import { useCheckRunner } from './use-check-runner';

export function SystemTestPage() {
  const { runs, running, runAll } = useCheckRunner(systemChecks);

  useEffect(() => {
    void runAll();
  }, [runAll]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <DiagnosticPageHeader
        title="System Test"
        description="Live requests to the API, database, session, flows, leads, knowledge base, AI, webhooks and WebSocket: each answer's status and latency."
        actions={
          <Button onClick={() => void runAll()} loading={running}>
            <Icon name="refresh" size={16} /> Run again
          </Button>
        }
      />
      <Card className="divide-y divide-slate-100 dark:divide-slate-800">
        {runs.map((run) => (
          <div key={run.check.id} className="flex items-start justify-between gap-4 p-4">
            <div className="min-w-0">
              <p className="font-medium text-slate-900 dark:text-white">{run.check.name}</p>
              <p className="mt-0.5 text-sm break-words text-slate-500 dark:text-slate-400">
                {run.result?.detail ?? (run.state === 'running' ? 'Checking…' : 'Waiting…')}
              </p>
            </div>
            <CheckStatusBadge run={run} vocabulary="test" />
          </div>
        ))}
      </Card>
    </div>
  );
}
