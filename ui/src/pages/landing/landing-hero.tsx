import { ButtonLink } from '../../components/button-link';
import { Icon } from '../../components/icon';
import { useOAuthStatus } from '../../features/diagnostics/use-oauth-status';
import { LandingHeroPreview } from './landing-hero-preview';

/**
 * The spec sends "Start Free Trial" to /auth/google; that is a dead end without Google sign-in, and
 * there is no trial: "Start free" opens /register unless this server has Google sign-in
 * (docs/product-spec.md, deviations).
 */
function useStartFreeTarget(): { to: string; external: boolean } {
  const google = useOAuthStatus('google').data?.configured === true;
  return google ? { to: '/auth/google', external: true } : { to: '/register', external: false };
}

export function LandingHero() {
  const start = useStartFreeTarget();
  return (
    <section className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 -top-40 -z-10 h-[36rem] bg-[radial-gradient(ellipse_at_top,var(--color-indigo-200),transparent_60%)] opacity-70 dark:bg-[radial-gradient(ellipse_at_top,var(--color-indigo-900),transparent_60%)]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-16 px-4 pt-16 pb-20 sm:px-6 lg:grid-cols-2 lg:px-8 lg:pt-24">
        <div>
          <span className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-indigo-50 px-3 py-1 text-xs font-medium text-indigo-700 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-300">
            <Icon name="sparkles" size={14} />
            Instagram · Messenger · X automation
          </span>
          <h1 className="mt-6 text-4xl font-semibold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl dark:text-white">
            Turn every comment and DM into a{' '}
            <span className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text pr-1 text-transparent dark:from-indigo-400 dark:to-violet-400">
              customer.
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-600 dark:text-slate-400">
            Replypilot answers comments, sends the right DM, and keeps every conversation in one inbox — with visual flows, ready-made templates and an AI
            assistant. Self-host it or run it in the cloud.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={start.to} external={start.external} size="lg">
              Start free
              <Icon name="arrow-right" size={18} />
            </ButtonLink>
            <ButtonLink to="/test-login" variant="outline" size="lg">
              <Icon name="play" size={16} />
              Try Live Demo
            </ButtonLink>
          </div>
          <p className="mt-4 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-500 dark:text-slate-400">
            <span className="inline-flex items-center gap-1.5">
              <Icon name="check" size={14} className="text-emerald-500" /> Free to start
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Icon name="check" size={14} className="text-emerald-500" /> No card needed
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Icon name="check" size={14} className="text-emerald-500" /> Try it on sandbox accounts
            </span>
          </p>
        </div>
        <LandingHeroPreview />
      </div>
    </section>
  );
}
