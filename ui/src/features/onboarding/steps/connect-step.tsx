import { Icon } from '../../../components/icon';
import { onboardingPlatforms } from '../onboarding.data';
import { StepHeading } from './step-heading';

/** Account connection is not built yet, so this step only explains and lets you skip. */
export function ConnectStep() {
  return (
    <div>
      <StepHeading
        title="Connect an account"
        description="Link the account Replypilot should answer for. You can skip this and connect later."
      />
      <div className="grid gap-3 sm:grid-cols-3">
        {onboardingPlatforms.map((platform) => (
          <div
            key={platform.id}
            className="flex flex-col items-center rounded-xl border border-slate-200 bg-white p-5 text-center opacity-70 dark:border-slate-800 dark:bg-slate-900"
          >
            <Icon name={platform.icon} size={28} className="text-slate-500" />
            <p className="mt-2 font-medium text-slate-900 dark:text-white">{platform.name}</p>
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">Coming in an upcoming release</p>
          </div>
        ))}
      </div>
      <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-400">
        Connecting accounts isn't available yet. Press <strong>Skip for now</strong> to continue; you'll find Connect
        Accounts in the sidebar once it ships.
      </p>
    </div>
  );
}
