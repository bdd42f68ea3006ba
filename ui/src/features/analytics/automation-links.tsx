import type { AnalyticsAutomation, AnalyticsTimeframe } from '@contracts/analytics';
import { Spinner } from '../../components/spinner';
import { NoData, Panel } from './analytics-panels';
import { useAnalyticsAutomation } from './analytics.api';

/** "2 min 5 s", "3 h 10 min", "45 s": the median first response time, rounded to whole seconds. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`;
}

const pct = (ctr: number | null) => (ctr === null ? '—' : `${(ctr * 100).toFixed(1)}%`);

/** Automation tab, second row: click-through per DM node / comment rule / broadcast, and median first response time. */
export function AutomationLinks({ timeframe }: { timeframe: AnalyticsTimeframe }) {
  const q = useAnalyticsAutomation(timeframe);
  if (q.isError) {
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        Link and response figures could not be loaded.
      </p>
    );
  }
  if (!q.data) {
    return (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <LinkCtrPanel data={q.data} />
      </div>
      <FirstResponsePanel data={q.data} />
    </div>
  );
}

function LinkCtrPanel({ data }: { data: AnalyticsAutomation }) {
  return (
    <Panel title="Link clicks per message (tracked links)">
      {!data.linkTrackingConfigured && (
        <p className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-900/30 dark:text-amber-200">
          Link tracking is off: an administrator needs to set this server's public address, so that links in DMs can point at it.
        </p>
      )}
      {data.links.length === 0 ? (
        <NoData what="sends with tracked links (turn on “Track links” on a DM node, comment rule or broadcast)" />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="link-ctr-table">
            <thead className="text-xs uppercase text-slate-500 dark:text-slate-400">
              <tr>
                <th className="py-2 pr-3 font-medium">Message</th>
                <th className="py-2 pr-3 text-right font-medium">Sent</th>
                <th className="py-2 pr-3 text-right font-medium">Clicked</th>
                <th className="py-2 pr-3 text-right font-medium">Clicks</th>
                <th className="py-2 text-right font-medium">CTR</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-700 dark:divide-slate-800 dark:text-slate-300">
              {data.links.map((r) => (
                <tr key={`${r.source}:${r.flowId ?? ''}:${r.nodeId ?? ''}:${r.ruleId ?? ''}:${r.broadcastId ?? ''}`}>
                  <td className="py-2 pr-3">
                    <span className="font-medium text-slate-900 dark:text-white">{r.name}</span>
                    {r.source === 'flow' && r.nodeId && <span className="ml-1 text-xs text-slate-500">· DM node {r.nodeId}</span>}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{r.sent}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{r.clickedMessages}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{r.clicks}</td>
                  <td className="py-2 text-right font-semibold tabular-nums" data-testid="link-ctr">
                    {pct(r.ctr)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">CTR: sent messages whose link was opened at least once, over sent messages.</p>
        </div>
      )}
    </Panel>
  );
}

function FirstResponsePanel({ data }: { data: AnalyticsAutomation }) {
  const f = data.firstResponse;
  return (
    <Panel title="Median first response time">
      {f.medianSeconds === null ? (
        <NoData what="answered conversations" />
      ) : (
        <div>
          <p className="text-2xl font-semibold text-slate-900 dark:text-white" data-testid="median-first-response">
            {formatDuration(f.medianSeconds)}
          </p>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            From a contact’s first message to the first reply, over {f.conversations.toLocaleString('en-US')} conversation
            {f.conversations === 1 ? '' : 's'}
            {f.waiting > 0 ? `; ${f.waiting.toLocaleString('en-US')} still waiting` : ''}.
          </p>
        </div>
      )}
    </Panel>
  );
}
