import type { ContactImport } from '@contracts/contact-import';
import { buttonClasses } from '../../components/button.styles';
import { Icon } from '../../components/icon';
import { rejectedUrl } from './contact-import.api';

function eta(seconds: number | null): string {
  if (seconds === null) return 'Estimating time left…';
  if (seconds < 60) return `About ${Math.max(1, seconds)} s left`;
  return `About ${Math.ceil(seconds / 60)} min left`;
}

/** The import's progress bar, counts and ETA, from GET /api/contacts/import/:id. */
export function ImportProgress({ job }: { job: ContactImport }) {
  const finished = job.status === 'done' || job.status === 'failed';
  const fmt = (n: number) => n.toLocaleString('en-US');
  return (
    <div className="space-y-4">
      <div>
        <div className="mb-1.5 flex justify-between text-sm">
          <span className="font-medium text-slate-700 dark:text-slate-300">
            {job.status === 'done'
              ? 'Import finished'
              : job.status === 'failed'
                ? 'Import failed'
                : job.status === 'queued'
                  ? 'Waiting to start…'
                  : 'Importing…'}
          </span>
          <span className="text-slate-500 dark:text-slate-400">{job.percent}%</span>
        </div>
        <div
          className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          role="progressbar"
          aria-label="Import progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={job.percent}
        >
          <div className="h-full rounded-full bg-indigo-600 transition-all" style={{ width: `${job.percent}%` }} />
        </div>
        <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {fmt(job.processedRows)} of {fmt(job.totalRows)} rows
          {!finished && ` · ${eta(job.etaSeconds)}`}
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-3 text-center">
        {[
          ['New leads', job.created],
          ['Updated', job.updated],
          ['Rejected', job.rejected],
        ].map(([label, n]) => (
          <div key={label} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900 dark:text-white">{fmt(n as number)}</dd>
          </div>
        ))}
      </dl>
      {job.rejected > 0 && (
        <a href={rejectedUrl(job.id)} download className={buttonClasses('outline')}>
          <Icon name="file" size={16} /> Download rejected rows ({fmt(job.rejected)})
        </a>
      )}
    </div>
  );
}
