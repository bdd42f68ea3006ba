import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { Spinner } from '../../components/spinner';
import { useCurrentUser } from '../auth/use-current-user';
import { fullName, tierName } from '../auth/user.display';

const FAILURE_REDIRECT_MS = 2000; // docs/product-spec.md §9: login-success redirect 2 s

/** Where OAuth callbacks land: confirms the session, or sends the visitor home. */
export function LoginSuccessPage() {
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const failed = !isLoading && !user;

  useEffect(() => {
    if (!failed) return;
    const timer = window.setTimeout(() => void navigate('/', { replace: true }), FAILURE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [failed, navigate]);

  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4">
      <Card className="w-full max-w-md p-8 text-center">
        {isLoading ? (
          <>
            <Spinner size={32} className="mx-auto text-indigo-600" />
            <p className="mt-4 text-slate-700 dark:text-slate-300">Completing authentication...</p>
          </>
        ) : user ? (
          <>
            <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 dark:bg-emerald-500/15">
              <Icon name="check" size={24} />
            </span>
            <h1 className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">Welcome, {fullName(user) || user.email}!</h1>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{user.email}</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Plan: {tierName(user)}</p>
            <ButtonLink to="/dashboard" className="mt-6">
              Go to Dashboard
            </ButtonLink>
          </>
        ) : (
          <>
            <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/15">
              <Icon name="x-circle" size={24} />
            </span>
            <p className="mt-4 text-slate-700 dark:text-slate-300">Authentication failed. Redirecting...</p>
          </>
        )}
      </Card>
    </div>
  );
}
