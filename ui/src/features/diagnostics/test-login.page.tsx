import { useEffect, useRef } from 'react';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/api';
import { useTestLogin } from './use-test-login';

/** "Try Live Demo": signs into the shared demo workspace and forwards to the dashboard. */
export function TestLoginPage() {
  const testLogin = useTestLogin();
  const started = useRef(false);
  const { mutate } = testLogin;

  // Once per page view (StrictMode mounts effects twice in development).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4">
      <Card className="w-full max-w-md p-8 text-center">
        {testLogin.isError ? (
          <>
            <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/15">
              <Icon name="alert" size={24} />
            </span>
            <h1 className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">Demo unavailable</h1>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{errorMessage(testLogin.error, 'Test login failed. Please try again.')}</p>
            <div className="mt-6 flex justify-center gap-3">
              <Button onClick={() => mutate()}>Try again</Button>
              <ButtonLink to="/" variant="outline">
                Go Home
              </ButtonLink>
            </div>
          </>
        ) : testLogin.isSuccess ? (
          <>
            <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600 dark:bg-emerald-500/15">
              <Icon name="check" size={24} />
            </span>
            <h1 className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">Demo session ready</h1>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Taking you to the dashboard…</p>
          </>
        ) : (
          <>
            <Spinner size={32} className="mx-auto text-indigo-600" />
            <h1 className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">Starting the live demo</h1>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Creating your demo session…</p>
          </>
        )}
      </Card>
    </div>
  );
}
