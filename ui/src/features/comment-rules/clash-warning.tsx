import type { KeywordClash } from '@contracts/comment-rules';
import { Icon } from '../../components/icon';

/** One line per clash: which keyword, what else answers it, and which side wins (ARCHITECTURE.md#rules-and-flows). */
export function clashText(c: KeywordClash): string {
  const overlap = c.theirs === 'every comment' ? 'answers every comment' : `listens for “${c.theirs}”`;
  return c.with === 'flow'
    ? `“${c.keyword}”: the live flow “${c.name}” ${overlap}. This rule answers those comments and the flow is not started for them.`
    : `“${c.keyword}”: another active rule (${c.name}) ${overlap}. The older rule answers first; only one private reply is allowed per comment.`;
}

/** Shown after a save whose keywords another automation also answers. */
export function ClashWarning({ clashes, onDismiss }: { clashes: KeywordClash[]; onDismiss?: () => void }) {
  if (clashes.length === 0) return null;
  return (
    <div
      role="alert"
      data-testid="keyword-clash"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-950/60 dark:text-amber-200"
    >
      <p className="flex items-center gap-1.5 font-semibold">
        <Icon name="alert" size={16} /> {clashes.length === 1 ? 'A keyword is' : 'Keywords are'} already claimed
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {clashes.map((c, i) => (
          <li key={i}>{clashText(c)}</li>
        ))}
      </ul>
      {onDismiss && (
        <button type="button" onClick={onDismiss} className="mt-2 text-xs font-medium underline">
          Dismiss
        </button>
      )}
    </div>
  );
}
