import { ButtonLink } from '../../../components/button-link';
import { Icon } from '../../../components/icon';
import { FirstFlowCard } from '../first-flow-card';

/**
 * The end of onboarding: the first flow, to publish and try from here. Unlike the spec (§9: to the
 * dashboard after 3 seconds), it stays until the user leaves: a timer would take the Publish button
 * away while they read (docs/product-spec.md, deviations).
 */
export function CelebrateStep({ flowId }: { flowId: string | null }) {
  return (
    <div className="py-6 text-center">
      <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-2xl bg-gradient-to-br from-emerald-400 to-teal-500 text-white shadow-lg shadow-emerald-500/30">
        <Icon name="party" size={32} />
      </span>
      <h1 className="mt-6 text-3xl font-semibold tracking-tight text-slate-900 dark:text-white">You're all set!</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        Your knowledge base and tone are saved{flowId ? ', and your first flow is ready: publish it and try it.' : '.'}
      </p>
      {flowId && (
        <div className="mt-6">
          <FirstFlowCard flowId={flowId} />
        </div>
      )}
      <div className="mt-6 flex justify-center">
        <ButtonLink to="/dashboard" variant={flowId ? 'ghost' : undefined}>
          Go to Dashboard <Icon name="arrow-right" size={16} />
        </ButtonLink>
      </div>
    </div>
  );
}
