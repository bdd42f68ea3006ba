import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsTimeframe } from '@contracts/analytics';
import type { AnalyticsEntryLinks } from '@contracts/growth';
import { Link } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { apiGet } from '../../lib/api';
import { Panel } from './analytics-panels';

const useEntryLinks = (t: AnalyticsTimeframe) =>
  useQuery({
    queryKey: ['analytics', 'entry-links', t],
    queryFn: () => apiGet<AnalyticsEntryLinks>(`/api/analytics/entry-links?timeframe=${t}`),
    placeholderData: keepPreviousData,
  });

/**
 * "Entry links": each growth link's starts in the timeframe, from the same query as the Growth links
 * page (db/growth/growth-links.ts), so a link's starts over a period are one number everywhere.
 */
export function EntryLinksCard({ timeframe }: { timeframe: AnalyticsTimeframe }) {
  const q = useEntryLinks(timeframe);
  const days = timeframe.replace('d', '');
  return (
    <Panel title="Entry links">
      {q.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          Entry link starts could not be loaded.
        </p>
      ) : !q.data ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : q.data.links.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">
          No entry links yet.{' '}
          <Link to="/growth-links" className="font-medium text-indigo-700 underline dark:text-indigo-300">
            Create one on Growth links
          </Link>{' '}
          to share an ig.me / m.me link or a QR code that starts a flow.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="entry-links-table">
            <thead className="text-xs text-slate-500 uppercase dark:text-slate-400">
              <tr>
                <th className="py-2 pr-3 font-medium">Link</th>
                <th className="py-2 pr-3 font-medium">Starts flow</th>
                <th className="py-2 text-right font-medium">Starts, last {days} days</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-700 dark:divide-slate-800 dark:text-slate-300">
              {q.data.links.map((l) => (
                <tr key={l.id}>
                  <td className="py-2 pr-3">
                    <span className="font-medium text-slate-900 dark:text-white">{l.name}</span>
                    <span className="ml-1 text-xs text-slate-500 dark:text-slate-400">
                      · {l.accountLabel} · ref {l.ref}
                    </span>
                  </td>
                  <td className="py-2 pr-3">{l.flowName}</td>
                  <td className="py-2 text-right font-semibold tabular-nums" data-testid="entry-link-starts">
                    {l.starts.toLocaleString('en-US')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
            Starts: runs of the link’s flow begun by a person who opened the link, in the last {days} calendar days. Growth links shows each link’s starts of
            all time.
          </p>
        </div>
      )}
    </Panel>
  );
}
