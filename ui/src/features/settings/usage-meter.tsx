interface UsageMeterProps {
  used: number;
  limit: number;
}

export function UsageMeter({ used, limit }: UsageMeterProps) {
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <span className="text-slate-600 dark:text-slate-400">Messages this month</span>
        <span className="font-medium text-slate-900 dark:text-white">
          {used.toLocaleString()} / {limit.toLocaleString()}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Messages used"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={used}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
      >
        <div className={percent >= 90 ? 'h-full bg-red-500' : 'h-full bg-gradient-to-r from-indigo-500 to-violet-500'} style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">{percent}% used. Limits are not enforced — you get an alert, flows are never stopped.</p>
    </div>
  );
}
