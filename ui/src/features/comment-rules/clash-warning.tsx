import type { ClashReport } from '@contracts/keyword-clashes';
import { Icon } from '../../components/icon';
import { cn } from '../../lib/cn';

interface ClashWarningProps {
  /** The API's report (workflows/keyword-clashes.ts): its sentences name the winner and why. */
  report: Pick<ClashReport, 'clashes' | 'silences'> & { neverFires?: string | null };
  /** What the automation is ("rule" or "flow"), for the headings. */
  subject?: 'rule' | 'flow';
  onDismiss?: () => void;
}

/**
 * Keywords another live automation also listens for, who answers and why; and, in red, why this one
 * could never fire (the save refuses it). Shown while typing, before anything is saved.
 */
export function ClashWarning({ report, subject = 'rule', onDismiss }: ClashWarningProps) {
  const { clashes, silences, neverFires } = report;
  if (!neverFires && clashes.length === 0 && silences.length === 0) return null;
  return (
    <div
      role={neverFires ? 'alert' : 'status'}
      data-testid="keyword-clash"
      className={cn(
        'rounded-lg border p-3 text-sm',
        neverFires
          ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-500/40 dark:bg-red-950/60 dark:text-red-200'
          : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-500/40 dark:bg-amber-950/60 dark:text-amber-200',
      )}
    >
      <p className="flex items-center gap-1.5 font-semibold">
        <Icon name="alert" size={16} />{' '}
        {neverFires
          ? `This ${subject} could never ${subject === 'rule' ? 'answer' : 'start'}`
          : clashes.length > 0
            ? `${clashes.length === 1 ? 'A keyword is' : 'Keywords are'} also claimed by another automation`
            : `This ${subject} takes every comment another automation listens for`}
      </p>
      {neverFires && (
        <p className="mt-1" data-testid="never-fires">
          {neverFires}
        </p>
      )}
      {(clashes.length > 0 || silences.length > 0) && (
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {/* With a refusal above, the per-keyword lines repeat it: show only the others. */}
          {clashes
            .filter((c) => !neverFires || c.winner !== 'them')
            .map((c, i) => (
              <li key={`c${i}`}>{c.message}</li>
            ))}
          {silences.map((s) => (
            <li key={`s${s.id}`} className="font-medium">
              {s.message}
            </li>
          ))}
        </ul>
      )}
      {onDismiss && (
        <button type="button" onClick={onDismiss} className="mt-2 text-xs font-medium underline">
          Dismiss
        </button>
      )}
    </div>
  );
}
