import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { analyticsTimeframes, type AnalyticsTimeframe } from '@contracts/analytics';
import { useState } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { cn } from '../../lib/cn';
import { count, figureTerms, periodLabel, simulatedNote, usd } from '../figures/figure-labels';
import { ActivityTab, AutomationTab, LeadsTab, OverviewTab } from './analytics-panels';
import { AutomationLinks } from './automation-links';
import { EntryLinksCard } from './entry-links-card';
import { SequencesAnalyticsCard } from '../sequences/sequences-analytics-card';
import { useAnalyticsDashboard, useAnalyticsSeries } from './analytics.api';

const tabs = ['Overview', 'Lead Performance', 'Automation', 'Recent Activity'] as const;

function FigureCard({ label, hint, value, note, small }: { label: string; hint: string; value: string | null; note?: string; small?: boolean }) {
  return (
    <Card className={small ? 'p-4' : 'p-5'} title={hint}>
      <p className="text-sm text-slate-500 dark:text-slate-400">{label}</p>
      <p
        className={cn('font-semibold text-slate-900 tabular-nums dark:text-white', small ? 'mt-1 text-xl' : 'mt-2 text-2xl')}
        data-testid={`analytics-${label.toLowerCase().replace(/\. /g, '-').replace(/ /g, '-')}`}
      >
        {value ?? '—'}
      </p>
      {note && <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{note}</p>}
    </Card>
  );
}

/**
 * /analytics (/premium-analytics redirects here): every figure comes from the daily rollups for the
 * chosen timeframe, through the same definitions as the dashboard and Leads (docs/product-spec.md,
 * Glossary). The spec's four cards first; the automation figures under them.
 */
export function AnalyticsPage() {
  const [timeframe, setTimeframe] = useState<AnalyticsTimeframe>('30d');
  const dashboard = useAnalyticsDashboard(timeframe);
  const series = useAnalyticsSeries(timeframe);
  const f = dashboard.data?.figures;
  const cards = [
    { ...figureTerms.leads, label: 'Total Leads', value: f ? count(f.leads) : null },
    { ...figureTerms.conversions, value: f ? count(f.conversions) : null },
    { ...figureTerms.revenueCents, value: f ? usd(f.revenueCents) : null },
    { ...figureTerms.avgRevenueCents, label: 'Avg. Revenue', value: f ? (f.avgRevenueCents === null ? '—' : usd(f.avgRevenueCents)) : null },
  ];
  const automation = [
    { ...figureTerms.automatedReplies, value: f ? count(f.automatedReplies) : null, note: f && simulatedNote(f.simulated.automatedReplies) },
    { ...figureTerms.commentsAnswered, value: f ? count(f.commentsAnswered) : null, note: f && simulatedNote(f.simulated.commentsAnswered) },
    { ...figureTerms.dmsSent, value: f ? count(f.dmsSent) : null, note: f && simulatedNote(f.simulated.dmsSent) },
    { ...figureTerms.conversionRate, value: f?.conversionRate ?? null, note: undefined },
  ];
  const failedToLoad = dashboard.isError || series.isError;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Analytics"
        description={`Leads, conversions and automation performance over the last ${timeframe.replace('d', ' days')}${f ? `: ${periodLabel(f.period)}` : ''}.`}
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
          <FigureCard key={c.label} label={c.label} hint={c.hint} value={c.value} />
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {automation.map((c) => (
          <FigureCard key={c.label} small label={c.label} hint={c.hint} value={c.value} note={c.note} />
        ))}
      </div>
      {failedToLoad ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 dark:border-red-500/30 dark:bg-red-500/10"
        >
          <p className="text-sm text-red-700 dark:text-red-300">
            <span className="font-semibold">Failed to fetch analytics.</span> Try again in a moment.
          </p>
          <Button size="sm" variant="outline" onClick={() => void Promise.all([dashboard.refetch(), series.refetch()])}>
            Try again
          </Button>
        </div>
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
                <EntryLinksCard timeframe={timeframe} />
                <SequencesAnalyticsCard />
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
