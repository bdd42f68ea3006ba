import { useState } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { CategoryFilter } from './category-filter';
import { CheckStatusBadge } from './check-status-badge';
import { DiagnosticPageHeader } from './diagnostic-page-header';
import { featureChecks } from './feature-checks';
import { useCheckRunner } from './use-check-runner';

const categories = ['Authentication', 'AI & Chatbot', 'Social Media', 'Core System', 'Analytics', 'Automation', 'Messaging', 'Real-time'];

export function FeatureValidationPage() {
  const { runs, running, runAll } = useCheckRunner(featureChecks);
  const [category, setCategory] = useState(categories[0] ?? 'Authentication');
  const visible = runs.filter((r) => r.check.category === category);

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <DiagnosticPageHeader
        title="Feature Validation"
        description="15 checks grouped by area, with suggested fixes for anything that has issues."
        actions={
          <Button onClick={() => void runAll()} loading={running}>
            <Icon name="play" size={16} /> Run validation
          </Button>
        }
      />
      <div className="space-y-4">
        <CategoryFilter categories={categories} value={category} onChange={setCategory} label="Feature area" />
        <Card className="divide-y divide-slate-100 dark:divide-slate-800">
          {visible.map((run) => (
            <div key={run.check.id} className="flex items-start justify-between gap-4 p-4">
              <div className="min-w-0">
                <p className="font-medium text-slate-900 dark:text-white">{run.check.name}</p>
                <p className="mt-0.5 text-sm break-words text-slate-500 dark:text-slate-400">
                  {run.result?.detail ?? 'Not validated yet — press Run validation.'}
                </p>
                {run.result?.fix && <p className="mt-1 text-sm text-amber-700 dark:text-amber-400">Suggested fix: {run.result.fix}</p>}
              </div>
              <CheckStatusBadge run={run} vocabulary="validation" />
            </div>
          ))}
        </Card>
      </div>
    </div>
  );
}
