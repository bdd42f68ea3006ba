import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { analyticsTimeframes, type AnalyticsTimeframe } from '@contracts/analytics';
import { useState } from 'react';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { cn } from '../../lib/cn';
import { ActivityTab, AutomationTab, LeadsTab, OverviewTab } from './analytics-panels';
import { AutomationLinks } from './automation-links';
import { useAnalyticsDashboard, useAnalyticsSeries, usd } from './analytics.api';

const tabs = ['Overview', 'Lead Performance', 'Automation', 'Recent Activity'] as const;

/** /analytics (/premium-analytics redirects here): every figure comes from the daily rollups for the chosen timeframe. */
export function AnalyticsPage() {
  const [timeframe, setTimeframe] = useState<AnalyticsTimeframe>('30d');
  const dashboard = useAnalyticsDashboard(timeframe);
  const series = useAnalyticsSeries(timeframe);
  const summary = dashboard.data?.summary;
  const cards = [
    { label: 'Total Leads', value: summary ? summary.totalLeads.toLocaleString('en-US') : null },
    { label: 'Conversions', value: summary ? summary.totalConversions.toLocaleString('en-US') : null },
    { label: 'Revenue', value: summary ? usd(summary.totalRevenue) : null },
    { label: 'Conversion Rate', value: summary?.conversionRate ?? null },
  ];
  return (
    <div className="space-y-6">
      <PageHeader
        title="Analytics"
        description={`Leads, conversions and automation performance over the last ${timeframe.replace('d', ' days')} (UTC).`}
        actions={
          <div
            role="group"
            aria-label="Timeframe"
            className="inline-flex rounded-lg border border-slate-200 bg-white p-0.5 dark:border-slate-800 dark:bg-slate-900"
          >
            {analyticsTimeframes.map((value) => (
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
        {cards.map((c) => (
          <Card key={c.label} className="p-5">
            <p className="text-sm text-slate-500 dark:text-slate-400">{c.label}</p>
            <p className="mt-2 text-2xl font-semibold text-slate-900 dark:text-white" data-testid={`analytics-${c.label.toLowerCase().replace(/ /g, '-')}`}>
              {c.value ?? '—'}
            </p>
          </Card>
        ))}
      </div>
      {dashboard.isError || series.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          Analytics could not be loaded. Try again in a moment.
        </p>
      ) : !dashboard.data || !series.data ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : (
        <TabGroup>
          <TabList className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
            {tabs.map((t) => (
              <Tab
                key={t}
                className="-mb-px shrink-0 border-b-2 border-transparent px-3 py-2 text-sm whitespace-nowrap font-medium text-slate-600 outline-none hover:text-slate-900 data-[selected]:border-indigo-600 data-[selected]:text-indigo-600 dark:text-slate-400 dark:hover:text-white dark:data-[selected]:text-indigo-400"
              >
                {t}
              </Tab>
            ))}
          </TabList>
          <TabPanels className="mt-4">
            <TabPanel>
              <OverviewTab data={series.data} />
            </TabPanel>
            <TabPanel>
              <LeadsTab data={series.data} dashboard={dashboard.data} />
            </TabPanel>
            <TabPanel>
              <div className="space-y-4">
                <AutomationTab data={series.data} />
                <AutomationLinks timeframe={timeframe} />
              </div>
            </TabPanel>
            <TabPanel>
              <ActivityTab dashboard={dashboard.data} />
            </TabPanel>
          </TabPanels>
        </TabGroup>
      )}
    </div>
  );
}
