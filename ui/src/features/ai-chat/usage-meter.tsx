import { usageView } from '../ai/ai.format';

/** The user's monthly message usage, as the last answer reported it. */
export function UsageMeter({ usage }: { usage: { messagesUsed: number; messageLimit: number } }) {
  const view = usageView(usage);
  return (
    <div className="w-40 sm:w-48">
      <p className="text-right text-[11px] text-slate-500 dark:text-slate-400">{view.text}</p>
      <div
        className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        role="meter"
        aria-label="Messages used this month"
        aria-valuenow={usage.messagesUsed}
        aria-valuemin={0}
        aria-valuemax={usage.messageLimit}
      >
        <div className={view.percent >= 80 ? 'h-full bg-amber-500' : 'h-full bg-indigo-500'} style={{ width: `${view.percent}%` }} />
      </div>
    </div>
  );
}
