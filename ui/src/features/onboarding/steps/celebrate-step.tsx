import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ButtonLink } from '../../../components/button-link';
import { Icon } from '../../../components/icon';

const REDIRECT_MS = 3000; // docs/product-spec.md §9: onboarding redirect 3 s

export function CelebrateStep({ flowId }: { flowId: string | null }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate('/dashboard'), REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <div className="py-8 text-center">
      <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-2xl bg-gradient-to-br from-emerald-400 to-teal-500 text-white shadow-lg shadow-emerald-500/30">
        <Icon name="party" size={32} />
      </span>
      <h1 className="mt-6 text-3xl font-semibold tracking-tight text-slate-900 dark:text-white">You're all set!</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">Your knowledge base, tone and first flow are saved. Taking you to your dashboard in a moment…</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to="/dashboard">Go to Dashboard now</ButtonLink>
        {flowId && (
          <ButtonLink to={`/flows/${flowId}`} variant="outline">
            Open your new flow
          </ButtonLink>
        )}
      </div>
    </div>
  );
}
