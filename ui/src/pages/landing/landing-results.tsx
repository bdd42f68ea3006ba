import { useQuery } from '@tanstack/react-query';
import type { PublicStatsResponse } from '@contracts/stats';
import { apiGet } from '../../lib/api';

const number = new Intl.NumberFormat();

/** Counted on this server (GET /api/stats/public), never invented: a new install honestly shows zeros. */
export function LandingResults() {
  const stats = useQuery({
    queryKey: ['stats', 'public'],
    queryFn: () => apiGet<PublicStatsResponse>('/api/stats/public'),
    staleTime: 60_000,
  });
  const results = stats.data
    ? [
        { value: stats.data.users, label: 'People signed up here' },
        { value: stats.data.messagesSent, label: 'Messages sent to Instagram, Messenger and X' },
        { value: stats.data.connectedAccounts, label: 'Accounts connected' },
      ]
    : [];
  if (stats.isError) return null;
  return (
    <section aria-labelledby="results-heading" className="py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="results-heading" className="text-center text-3xl font-semibold tracking-tight text-slate-900 dark:text-white">
          On this server so far
        </h2>
        <dl className="mt-12 grid min-h-36 gap-6 sm:grid-cols-3" aria-busy={stats.isPending}>
          {results.map((result) => (
            <div key={result.label} className="rounded-2xl border border-slate-200 p-8 text-center dark:border-slate-800">
              <dd className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-5xl font-semibold tracking-tight text-transparent dark:from-indigo-400 dark:to-violet-400">
                {number.format(result.value)}
              </dd>
              <dt className="mt-2 text-sm font-medium text-slate-600 dark:text-slate-400">{result.label}</dt>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
