import { ONBOARDING_STEPS } from './onboarding.data';

/** "Step n of 8" with a bar; the celebration is not counted as a navigable step. */
export function OnboardingProgress({ step }: { step: number }) {
  const navigable = ONBOARDING_STEPS.length - 1;
  const current = Math.min(step + 1, navigable);
  return (
    <div>
      <div className="flex justify-between text-xs font-medium text-slate-500 dark:text-slate-400">
        <span>
          Step {current} of {navigable}
        </span>
        <span>{ONBOARDING_STEPS[step]}</span>
      </div>
      <div
        role="progressbar"
        aria-label="Setup progress"
        aria-valuemin={1}
        aria-valuemax={navigable}
        aria-valuenow={current}
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-indigo-500 to-violet-500 transition-[width] duration-300"
          style={{ width: `${(current / navigable) * 100}%` }}
        />
      </div>
    </div>
  );
}
