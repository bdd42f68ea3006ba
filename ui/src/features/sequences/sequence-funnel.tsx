import { useQuery } from '@tanstack/react-query';
import type { Sequence } from '@contracts/sequences';
import { Card } from '../../components/card';
import { fetchFunnel, sequenceKeys } from './sequences.api';

/**
 * Enrolments and drop-off per step, counted from the enrolment rows (GET /api/sequences/:id/funnel):
 * per step, how many enrolments had it sent, skipped, still pending, or ended before it.
 */
export function SequenceFunnel({ sequence }: { sequence: Sequence }) {
  const funnel = useQuery({ queryKey: sequenceKeys.funnel(sequence.id), queryFn: () => fetchFunnel(sequence.id), refetchInterval: 5000 });
  const f = funnel.data;
  const enrolled = f?.enrolled ?? 0;
  return (
    <Card className="p-6">
      <h3 className="text-base font-semibold text-slate-900 dark:text-white">Drop-off per step</h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {enrolled} {enrolled === 1 ? 'enrolment' : 'enrolments'} in all.
      </p>
      {f && enrolled > 0 && (
        <ol className="mt-4 space-y-3">
          {f.steps.map((s, i) => {
            const pct = (n: number) => `${Math.round((n / enrolled) * 100)}%`;
            return (
              <li key={s.stepId}>
                <div className="flex flex-wrap justify-between gap-2 text-sm">
                  <span className="font-medium text-slate-800 dark:text-slate-200">Step {i + 1}</span>
                  <span className="text-slate-600 dark:text-slate-400">
                    {s.sent} sent · {s.skipped} skipped · {s.pending} pending · {s.dropped} ended before
                  </span>
                </div>
                <div className="mt-1 flex h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true">
                  <div className="bg-emerald-500" style={{ width: pct(s.sent) }} />
                  <div className="bg-amber-400" style={{ width: pct(s.skipped) }} />
                  <div className="bg-slate-300 dark:bg-slate-600" style={{ width: pct(s.pending) }} />
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
