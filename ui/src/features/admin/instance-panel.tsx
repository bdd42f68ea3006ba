import { useQuery } from '@tanstack/react-query';
import type { AdminInstance } from '@contracts/admin';
import { Card } from '../../components/card';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/api';
import { adminKeys, fetchAdminInstance } from './admin.api';

const nf = new Intl.NumberFormat();

function bytes(n: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 && i > 0 ? 1 : 0)} ${units[i]}`;
}

function duration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} days`;
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card className="p-4">
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900 dark:text-white">{value}</p>
      {hint && <p className="mt-1 truncate text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
    </Card>
  );
}

/** Webhook events per minute, the last 15 minutes, as bars (the numbers are in the label and the title). */
function WebhookBars({ minutes }: { minutes: AdminInstance['webhooksPerMinute'] }) {
  const max = Math.max(1, ...minutes.map((m) => m.count));
  const total = minutes.reduce((s, m) => s + m.count, 0);
  return (
    <Card className="p-4">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Webhooks accepted per minute</h3>
      <p className="text-xs text-slate-500 dark:text-slate-400">Last 15 minutes: {nf.format(total)} events</p>
      <div className="mt-3 flex h-20 items-end gap-1" role="img" aria-label={`Per minute, oldest first: ${minutes.map((m) => m.count).join(', ')}`}>
        {minutes.map((m) => (
          <div
            key={m.minute}
            title={`${new Date(m.minute).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}: ${m.count}`}
            className="flex-1 rounded-t bg-indigo-500/80 dark:bg-indigo-400/80"
            style={{ height: `${Math.max(2, (m.count / max) * 100)}%` }}
          />
        ))}
      </div>
    </Card>
  );
}

/** The instance's work, every figure read from the database when the panel loads (GET /api/admin/instance). */
export function InstancePanel() {
  const q = useQuery({ queryKey: adminKeys.instance, queryFn: fetchAdminInstance, refetchInterval: 30_000 });
  if (q.isPending) return <Spinner label="Loading the instance" />;
  if (q.isError)
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        {errorMessage(q.error, 'The instance figures could not be read.')}
      </p>
    );
  const d = q.data;
  const queued = d.jobs.reduce((s, j) => s + j.queued, 0);
  const failed = d.jobs.reduce((s, j) => s + j.failed, 0);
  return (
    <section aria-labelledby="instance-heading" className="space-y-4">
      <h2 id="instance-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Instance
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Workers alive" value={nf.format(d.workersAlive)} hint="Fresh heartbeats" />
        <Stat
          label="Jobs waiting"
          value={nf.format(queued)}
          hint={d.oldestDueJob ? `Oldest: ${d.oldestDueJob.task}, due ${duration(d.oldestDueJob.dueSeconds)} ago` : 'None due'}
        />
        <Stat label="Jobs failed" value={nf.format(failed)} hint="Out of attempts" />
        <Stat label="Database" value={bytes(d.databaseBytes)} hint={`${nf.format(d.suspendedWorkspaces)} suspended`} />
      </div>
      <div className="grid gap-3 lg:grid-cols-2">
        <WebhookBars minutes={d.webhooksPerMinute} />
        <Card className="p-4">
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Sends, last 24 hours</h3>
          <ul className="mt-2 divide-y divide-slate-100 text-sm dark:divide-slate-800">
            {d.sendsByOutcome.map((o) => (
              <li key={o.outcome} className="flex justify-between py-1.5">
                <span className="text-slate-600 dark:text-slate-300">{o.outcome}</span>
                <span className="font-medium text-slate-900 tabular-nums dark:text-white">{nf.format(o.count)}</span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
      <Card className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="px-4 pt-3 text-left text-sm font-semibold text-slate-900 dark:text-white">Jobs per task</caption>
          <thead className="text-xs text-slate-500 uppercase dark:text-slate-400">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Task
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Queued
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Scheduled
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Running
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Failed
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Oldest due
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {d.jobs.length === 0 && (
              <tr>
                <td colSpan={6} className="px-4 py-3 text-slate-500 dark:text-slate-400">
                  No jobs in the queue.
                </td>
              </tr>
            )}
            {d.jobs.map((j) => (
              <tr key={j.task}>
                <td className="px-4 py-2 font-mono text-xs text-slate-700 dark:text-slate-300">{j.task}</td>
                <td className="px-4 py-2 text-right tabular-nums">{nf.format(j.queued)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{nf.format(j.scheduled)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{nf.format(j.running)}</td>
                <td className={`px-4 py-2 text-right tabular-nums ${j.failed > 0 ? 'text-red-600 dark:text-red-400' : ''}`}>{nf.format(j.failed)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{j.queued > 0 ? duration(j.oldestDueSeconds) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </section>
  );
}
