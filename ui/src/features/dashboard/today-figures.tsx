import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Card } from '../../components/card';
import { Icon, type IconName } from '../../components/icon';
import { Spinner } from '../../components/spinner';
import { apiGet } from '../../lib/api';
import { formatMessageTime } from '../../lib/format-time';
import { count, figureTerms, periodLabel, simulatedNote } from '../figures/figure-labels';
import { dashboardKeys, fetchDashboardToday } from './dashboard.api';

const POLL_MS = 30_000;

interface FigureProps {
  to: string;
  icon: IconName;
  label: string;
  value: number;
  hint?: string;
  note?: string;
  alert?: boolean;
}

function Figure({ to, icon, label, value, hint, note, alert }: FigureProps) {
  return (
    <Link
      to={to}
      title={hint}
      data-testid={`today-${label.toLowerCase().replaceAll(' ', '-')}`}
      className="group flex flex-col rounded-lg border border-slate-200 p-4 transition hover:border-indigo-300 hover:bg-indigo-50/40 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-800 dark:hover:border-indigo-500/40 dark:hover:bg-indigo-500/5"
    >
      <span className="flex items-center gap-2 text-xs font-medium text-slate-500 dark:text-slate-400">
        <Icon name={icon} size={14} className={alert ? 'text-rose-500' : 'text-indigo-500'} /> {label}
      </span>
      <span className={`mt-1 text-2xl font-semibold tabular-nums ${alert ? 'text-rose-600 dark:text-rose-400' : 'text-slate-900 dark:text-white'}`}>
        {count(value)}
      </span>
      {note && <span className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{note}</span>}
    </Link>
  );
}

/**
 * Today's figures (GET /api/dashboard/today), each a glossary term counted the way Analytics counts it
 * (docs/product-spec.md, Glossary) and linking to the page behind it. Today is the workspace's day.
 */
export function TodayFigures() {
  const today = useQuery({ queryKey: dashboardKeys.today, queryFn: fetchDashboardToday, refetchInterval: POLL_MS });
  // Failed or uncertain sends nobody has retried or dismissed yet (not only today's): GET /api/failed-sends/count.
  const failed = useQuery({
    queryKey: ['failed-sends', 'count'],
    queryFn: () => apiGet<{ failedSends: number }>('/api/failed-sends/count'),
    refetchInterval: POLL_MS,
  });
  const d = today.data;

  return (
    <Card className="p-5" aria-labelledby="today-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="today-heading" className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
          <Icon name="activity" size={18} className="text-indigo-500" /> Today
        </h2>
        {d && (
          <Link to="/settings#time-zone" className="text-xs text-slate-500 hover:text-indigo-600 dark:text-slate-400 dark:hover:text-indigo-400">
            {periodLabel(d.figures.period)}
          </Link>
        )}
      </div>
      {today.isPending ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-slate-500">
          <Spinner size={14} /> Counting today's activity...
        </p>
      ) : today.isError || !d ? (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">Today's figures aren't available right now.</p>
      ) : (
        <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure
            to="/analytics"
            icon="send"
            label={figureTerms.automatedReplies.label}
            hint={figureTerms.automatedReplies.hint}
            value={d.figures.automatedReplies}
            note={simulatedNote(d.figures.simulated.automatedReplies)}
          />
          <Figure
            to="/comment-growth"
            icon="message-square"
            label={figureTerms.commentsAnswered.label}
            hint={figureTerms.commentsAnswered.hint}
            value={d.figures.commentsAnswered}
            note={simulatedNote(d.figures.simulated.commentsAnswered)}
          />
          <Figure to="/leads" icon="users" label={figureTerms.leads.label} hint={figureTerms.leads.hint} value={d.figures.leads} />
          <Figure
            to="/runs?status=failed"
            icon="alert"
            label={figureTerms.failedRuns.label}
            hint={figureTerms.failedRuns.hint}
            value={d.figures.failedRuns}
            alert={d.figures.failedRuns > 0}
          />
          <Figure to="/flows" icon="workflow" label="Active flows" hint="Published flows that are switched on." value={d.state.activeFlows} />
          <Figure to="/comment-growth" icon="zap" label="Active rules" hint="Comment rules that are switched on." value={d.state.activeRules} />
          <Figure
            to="/automation"
            icon="clock"
            label="Sends queued"
            hint="Sends waiting for their slot in an account's send bucket or for a worker."
            value={d.state.queuedSends.count}
            note={d.state.queuedSends.eta ? `last due ${formatMessageTime(d.state.queuedSends.eta)}` : 'nothing waiting'}
          />
          {failed.data && (
            <Figure
              to="/failed-sends"
              icon="alert"
              label="Failed sends"
              hint="Sends that failed or may not have arrived, not retried or dismissed yet."
              value={failed.data.failedSends}
              note="to retry or dismiss"
              alert={failed.data.failedSends > 0}
            />
          )}
        </div>
      )}
    </Card>
  );
}
