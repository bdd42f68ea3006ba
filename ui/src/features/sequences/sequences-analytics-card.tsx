import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { NoData, Panel } from '../analytics/analytics-panels';
import { fetchFunnels, sequenceKeys } from './sequences.api';

/**
 * Analytics → Automation: each sequence's enrolments (all time) and how many reached each step, from
 * the same function as the sequence page's drop-off (GET /api/sequences/funnels).
 */
export function SequencesAnalyticsCard() {
  const q = useQuery({ queryKey: sequenceKeys.funnels, queryFn: fetchFunnels });
  const sequences = q.data?.sequences ?? [];
  return (
    <Panel title="Sequences: enrolments and drop-off per step (all time)">
      {q.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          Sequence figures could not be loaded.
        </p>
      ) : sequences.length === 0 ? (
        <NoData what="sequences and their enrolments" />
      ) : (
        <ul className="space-y-4">
          {sequences.map((s) => (
            <li key={s.sequenceId}>
              <div className="flex flex-wrap justify-between gap-2 text-sm">
                <Link to="/sequences" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                  {s.name}
                </Link>
                <span className="text-slate-600 dark:text-slate-400">{s.funnel.enrolled} enrolled</span>
              </div>
              <ol className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
                {s.funnel.steps.map((st, i) => (
                  <li key={st.stepId}>
                    Step {i + 1}: {st.sent} sent, {st.skipped} skipped, {st.dropped} ended before
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
