import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { CheckStatusBadge } from './check-status-badge';
import { probeCurrentUser, probeOAuth, probeRedirect } from './diagnostic.probes';
import type { DiagnosticCheck } from './diagnostic.types';
import { DiagnosticPageHeader } from './diagnostic-page-header';
import { useCheckRunner } from './use-check-runner';

export function OAuthTestPage() {
  const checks = useMemo<DiagnosticCheck[]>(
    () => [
      { id: 'google', name: 'Google configuration', category: 'OAuth', run: () => probeOAuth('google') },
      { id: 'facebook', name: 'Facebook configuration', category: 'OAuth', run: () => probeOAuth('facebook') },
      { id: 'google-redirect', name: 'GET /auth/google redirects', category: 'OAuth', run: () => probeRedirect('/auth/google') },
      { id: 'facebook-redirect', name: 'GET /auth/facebook redirects', category: 'OAuth', run: () => probeRedirect('/auth/facebook') },
      { id: 'session', name: 'Current session', category: 'OAuth', run: probeCurrentUser },
    ],
    [],
  );
  const { runs, running, runAll } = useCheckRunner(checks);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <DiagnosticPageHeader
        title="OAuth Test"
        description="Checks the sign-in configuration and the login redirects."
        actions={
          <Button onClick={() => void runAll()} loading={running}>
            <Icon name="play" size={16} /> Run OAuth tests
          </Button>
        }
      />
      <Card className="divide-y divide-slate-100 dark:divide-slate-800">
        {runs.map((run) => (
          <div key={run.check.id} className="flex items-start justify-between gap-4 p-4">
            <div className="min-w-0">
              <p className="font-medium text-slate-900 dark:text-white">{run.check.name}</p>
              <p className="mt-0.5 text-sm break-words text-slate-500 dark:text-slate-400">{run.result?.detail ?? 'Not run yet'}</p>
              {run.result?.fix && <p className="mt-1 text-sm text-amber-700 dark:text-amber-400">{run.result.fix}</p>}
            </div>
            <CheckStatusBadge run={run} vocabulary="test" />
          </div>
        ))}
      </Card>
      <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <a href="/auth/google" className="font-medium text-indigo-600 dark:text-indigo-400">
          Sign in with Google
        </a>
        <a href="/auth/facebook" className="font-medium text-indigo-600 dark:text-indigo-400">
          Sign in with Facebook
        </a>
        <Link to="/oauth-setup" className="font-medium text-indigo-600 dark:text-indigo-400">
          Setup instructions
        </Link>
      </div>
    </div>
  );
}
