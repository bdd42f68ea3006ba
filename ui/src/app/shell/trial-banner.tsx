import { Link } from 'react-router-dom';
import { trialBanner } from '@contracts/plans';

/**
 * The trial's end (TRIAL_DAYS, ADR 0041): from 7 days before it, and with its own words on the last
 * day. Never shown without a trial (trialEndsAt is null then).
 */
export function TrialBanner({ trialEndsAt }: { trialEndsAt: string | null | undefined }) {
  const banner = trialBanner(trialEndsAt ?? null, new Date());
  if (!banner || !trialEndsAt) return null;
  const when = new Date(trialEndsAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric' });
  return (
    <div
      role="note"
      className="border-b border-indigo-200 bg-indigo-50 px-4 py-2 text-center text-sm text-indigo-900 sm:px-6 lg:px-8 dark:border-indigo-900/60 dark:bg-indigo-950/40 dark:text-indigo-200"
    >
      {banner.lastDay ? 'Your trial ends today' : `Your trial ends in ${banner.daysLeft} days, on ${when}`}: the workspace then returns to the Free plan, and
      your flows keep running.{' '}
      <Link to="/account/billing" className="font-semibold underline">
        See plans
      </Link>
    </div>
  );
}
