import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Card } from '../../components/card';
import { Icon, type IconName } from '../../components/icon';
import { Spinner } from '../../components/spinner';
import { formatMessageTime } from '../../lib/format-time';
import { apiGet } from '../../lib/api';
import { dashboardKeys, fetchDashboardToday } from './dashboard.api';

const POLL_MS = 30_000;

function Figure({ to, icon, label, value, note, alert }: { to: string; icon: IconName; label: string; value: number; note?: string; alert?: boolean }) {
  return (
    <Link
      to={to}
      data-testid={`today-${label.toLowerCase().replaceAll(' ', '-')}`}
      className="group flex flex-col rounded-lg border border-slate-200 p-4 transition hover:border-indigo-300 hover:bg-indigo-50/40 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-800 dark:hover:border-indigo-500/40 dark:hover:bg-indigo-500/5"
    >
      <span className="flex items-center gap-2 text-xs font-medium text-slate-500 dark:text-slate-400">
        <Icon name={icon} size={14} className={alert ? 'text-rose-500' : 'text-indigo-500'} /> {label}
      </span>
      <span className={`mt-1 text-2xl font-semibold tabular-nums ${alert ? 'text-rose-600 dark:text-rose-400' : 'text-slate-900 dark:text-white'}`}>
        {value}
      </span>
      {note && <span className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{note}</span>}
    </Link>
  );
}

/** Today's figures, each counted by GET /api/dashboard/today and linking to the page behind it. */
export function TodayFigures() {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const today = useQuery({ queryKey: dashboardKeys.today(tz), queryFn: () => fetchDashboardToday(tz), refetchInterval: POLL_MS });
  const d = today.data;
  // Failed or uncertain sends nobody has retried or dismissed yet (not only today's): GET /api/failed-sends/count.
  const failed = useQuery({
    queryKey: ['failed-sends', 'count'],
    queryFn: () => apiGet<{ failedSends: number }>('/api/failed-sends/count'),
    refetchInterval: POLL_MS,
  });

  return (
    <Card className="p-5" aria-labelledby="today-heading">
      <h2 id="today-heading" className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
        <Icon name="activity" size={18} className="text-indigo-500" /> Today
      </h2>
      {today.isPending ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-slate-500">
          <Spinner size={14} /> Counting today's activity...
        </p>
      ) : today.isError || !d ? (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">Today's figures aren't available right now.</p>
      ) : (
        <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7">
          <Figure
            to="/inbox"
            icon="send"
            label="DMs sent"
            value={d.dmsSent.total}
            note={d.dmsSent.simulated > 0 ? `${d.dmsSent.simulated} in the simulator` : undefined}
          />
          <Figure to="/comment-growth" icon="message-square" label="Comments answered" value={d.commentsAnswered} />
          <Figure to="/flows" icon="workflow" label="Active flows" value={d.activeFlows} />
          <Figure to="/comment-growth" icon="zap" label="Active rules" value={d.activeRules} />
          <Figure
            to="/automation"
            icon="clock"
            label="Sends queued"
            value={d.queued.count}
            note={d.queued.eta ? `last due ${formatMessageTime(d.queued.eta)}` : 'nothing waiting'}
          />
          <Figure to="/runs?status=failed" icon="alert" label="Runs failed" value={d.runsFailed} alert={d.runsFailed > 0} />
          {failed.data && (
            <Figure
              to="/failed-sends"
              icon="alert"
              label="Failed sends"
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
