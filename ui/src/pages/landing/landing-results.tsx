import { useQuery } from '@tanstack/react-query';
import type { PublicStatsResponse } from '@contracts/stats';
import { apiGet } from '../../lib/api';

const number = new Intl.NumberFormat('en-US');

/**
 * This server's own counts (GET /api/stats/public), the glossary's figures (docs/product-spec.md)
 * summed over every workspace: shown only when the operator turned PUBLIC_STATS on. Off, or while
 * loading, or on an error, nothing is shown: no block of zeros, no placeholder.
 */
export function LandingResults() {
  const stats = useQuery({
    queryKey: ['stats', 'public'],
    queryFn: () => apiGet<PublicStatsResponse>('/api/stats/public'),
    staleTime: 60_000,
  });
  const s = stats.data;
  if (!s?.enabled) return null;
  const simulatedNote = (n: number) => (n > 0 ? `${number.format(n)} of them in the simulator` : undefined);
  const results = [
    { value: s.commentsAnswered, label: 'Comments answered', note: simulatedNote(s.simulated.commentsAnswered) },
    { value: s.automatedReplies, label: 'Automated replies sent', note: simulatedNote(s.simulated.automatedReplies) },
    { value: s.leads, label: 'Leads captured', note: undefined },
  ];
  return (
    <section aria-labelledby="results-heading" className="py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="results-heading" className="text-center text-3xl font-semibold tracking-tight text-slate-900 dark:text-white">
          On this server so far
        </h2>
        <dl className="mt-12 grid gap-6 sm:grid-cols-3">
          {results.map((result) => (
            <div key={result.label} className="flex flex-col-reverse rounded-2xl border border-slate-200 p-8 text-center dark:border-slate-800">
              <dt className="mt-2 text-sm font-medium text-slate-600 dark:text-slate-400">
                {result.label}
                {result.note && <span className="mt-1 block text-xs font-normal text-slate-500 dark:text-slate-400">{result.note}</span>}
              </dt>
              <dd className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-5xl font-semibold tracking-tight text-transparent dark:from-indigo-400 dark:to-violet-400">
                {number.format(result.value)}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
