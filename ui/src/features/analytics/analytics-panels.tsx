import type { AnalyticsDashboard, AnalyticsRealData } from '@contracts/analytics';
import type { ReactNode } from 'react';
import { Card } from '../../components/card';
import { formatListTime } from '../../lib/format-time';
import { AnalyticsChart } from './analytics-chart';
import { figureTerms, usd } from '../figures/figure-labels';

const platformLabel: Record<string, string> = { instagram: 'Instagram', facebook: 'Messenger', twitter: 'X', simulator: 'Simulator', none: 'Manual' };
const shortDay = (d: string) => d.slice(5);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h2>
      <div className="mt-3">{children}</div>
    </Card>
  );
}

export function NoData({ what }: { what: string }) {
  return <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">No data yet: {what} appear here once they happen.</p>;
}

export function OverviewTab({ data }: { data: AnalyticsRealData }) {
  const days = data.days.map((d) => shortDay(d.day));
  const messages = [
    { name: figureTerms.dmsReceived.label, data: data.days.map((d) => d.messagesIn) },
    { name: figureTerms.automatedReplies.label, data: data.days.map((d) => d.automatedReplies) },
    { name: figureTerms.commentsAnswered.label, data: data.days.map((d) => d.commentsAnswered) },
  ];
  const any = sum(messages.flatMap((s) => s.data)) > 0;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <Panel title="Messages per day">
          {any ? (
            <AnalyticsChart type="area" label="DMs received, automated replies and comments answered per day" categories={days} series={messages} />
          ) : (
            <NoData what="messages" />
          )}
        </Panel>
      </div>
      <Panel title="By platform">
        {data.platforms.length > 0 ? (
          <AnalyticsChart
            type="bar"
            horizontal
            stacked
            label="DMs received, automated replies and leads per platform"
            categories={data.platforms.map((p) => platformLabel[p.platform] ?? p.platform)}
            series={[
              { name: figureTerms.dmsReceived.label, data: data.platforms.map((p) => p.messagesIn) },
              { name: figureTerms.automatedReplies.label, data: data.platforms.map((p) => p.automatedReplies) },
              { name: figureTerms.leads.label, data: data.platforms.map((p) => p.leadsCreated) },
            ]}
          />
        ) : (
          <NoData what="platform figures" />
        )}
      </Panel>
    </div>
  );
}

export function LeadsTab({ data, dashboard }: { data: AnalyticsRealData; dashboard: AnalyticsDashboard }) {
  const days = data.days.map((d) => shortDay(d.day));
  const leadSeries = [
    { name: 'Leads', data: data.days.map((d) => d.leadsCreated) },
    { name: 'Conversions', data: data.days.map((d) => d.conversions) },
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <Panel title="Leads and conversions per day">
          {sum(leadSeries.flatMap((s) => s.data)) > 0 ? (
            <AnalyticsChart type="bar" label="Leads and conversions per day" categories={days} series={leadSeries} />
          ) : (
            <NoData what="leads" />
          )}
        </Panel>
      </div>
      <Panel title="Recent leads">
        {dashboard.recentLeads.length === 0 ? (
          <NoData what="leads" />
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {dashboard.recentLeads.map((l) => (
              <li key={l.id} className="flex items-center justify-between py-2 text-sm">
                <span className="truncate text-slate-900 dark:text-white">{l.name || 'Unnamed lead'}</span>
                <span className="ml-3 shrink-0 text-slate-500 dark:text-slate-400">
                  {l.status}
                  {l.value > 0 ? ` · ${usd(l.value)}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}

export function AutomationTab({ data }: { data: AnalyticsRealData }) {
  const days = data.days.map((d) => shortDay(d.day));
  const dms = [
    { name: 'Sent (delivered)', data: data.days.map((d) => d.dmsSent) },
    { name: 'Queued (every DM, on the day it was queued)', data: data.days.map((d) => d.dmsQueued) },
    { name: 'Failed', data: data.days.map((d) => d.dmsFailed) },
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title="DMs sent, queued and failed">
        {sum(dms.flatMap((s) => s.data)) > 0 ? (
          <AnalyticsChart type="bar" label="DMs sent, queued and failed per day" categories={days} series={dms} />
        ) : (
          <NoData what="DMs" />
        )}
      </Panel>
      <Panel title="Runs per flow: entered → completed → converted">
        {data.flows.length > 0 ? (
          <AnalyticsChart
            type="bar"
            horizontal
            label="Runs per flow: entered, completed, failed, converted"
            categories={data.flows.map((f) => f.name)}
            series={[
              { name: 'Entered', data: data.flows.map((f) => f.runsStarted) },
              { name: 'Completed', data: data.flows.map((f) => f.runsCompleted) },
              { name: 'Converted', data: data.flows.map((f) => f.conversions) },
              { name: 'Failed', data: data.flows.map((f) => f.runsFailed) },
            ]}
          />
        ) : (
          <NoData what="flow runs" />
        )}
      </Panel>
    </div>
  );
}

export function ActivityTab({ dashboard }: { dashboard: AnalyticsDashboard }) {
  return (
    <Panel title="Recent activity">
      {dashboard.recentActivity.length === 0 ? (
        <NoData what="automation events and conversions" />
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {dashboard.recentActivity.map((a) => (
            <li key={a.id} className="flex items-start justify-between gap-4 py-2 text-sm">
              <span className="text-slate-900 dark:text-white">{a.message}</span>
              <span className="shrink-0 text-slate-500 dark:text-slate-400">{formatListTime(a.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
