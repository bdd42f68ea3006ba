import { useState } from 'react';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { PlannedFeatures } from '../../components/planned-features';
import { cn } from '../../lib/cn';

const timeframes = ['7d', '30d', '90d'] as const;
const summaryCards = ['Total Leads', 'Conversions', 'Revenue', 'Avg. Revenue'];

/** /analytics and /premium-analytics. The analytics API has not shipped, so no numbers are shown. */
export function AnalyticsPage({ premium = false }: { premium?: boolean }) {
  const [timeframe, setTimeframe] = useState<(typeof timeframes)[number]>('30d');
  return (
    <div className="space-y-6">
      <PageHeader
        title={premium ? 'Premium Analytics' : 'Analytics'}
        description="Leads, conversions and automation performance over time."
        actions={
          <div
            role="group"
            aria-label="Timeframe"
            className="inline-flex rounded-lg border border-slate-200 bg-white p-0.5 dark:border-slate-800 dark:bg-slate-900"
          >
            {timeframes.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={timeframe === value}
                onClick={() => setTimeframe(value)}
                className={cn(
                  'rounded-md px-3 py-1 text-sm font-medium',
                  timeframe === value ? 'bg-indigo-600 text-white' : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
                )}
              >
                {value}
              </button>
            ))}
          </div>
        }
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {summaryCards.map((label) => (
          <Card key={label} className="p-5">
            <p className="text-sm text-slate-500 dark:text-slate-400">{label}</p>
            <p className="mt-2 text-2xl font-semibold text-slate-300 dark:text-slate-600" aria-label="No data yet">
              —
            </p>
          </Card>
        ))}
      </div>
      <EmptyState
        icon="chart"
        title="No analytics yet"
        description="Reports appear here once your accounts are connected and automations start running. The analytics service is part of an upcoming release."
      />
      <PlannedFeatures
        items={[
          'Summary of leads, conversions and revenue for 7, 30 or 90 days',
          'Lead performance by source (Instagram, Messenger, X, manual)',
          'Automation performance per flow',
          'Recent activity feed',
        ]}
      />
    </div>
  );
}
