import { Link } from 'react-router-dom';
import { Button } from '../../components/button';
import { Icon } from '../../components/icon';
import { DiagnosticPageHeader } from './diagnostic-page-header';
import { OAuthStatusCard } from './oauth-status-card';
import { useTestLogin } from './use-test-login';

export function OAuthWorkingPage() {
  const testLogin = useTestLogin();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <DiagnosticPageHeader
        title="OAuth Status"
        description="Live configuration of Google and Facebook sign-in on this server."
        actions={
          <Button onClick={() => testLogin.mutate()} loading={testLogin.isPending} disabled={testLogin.isSuccess}>
            <Icon name="zap" size={16} /> Test Login (Skip OAuth)
          </Button>
        }
      />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <OAuthStatusCard provider="google" />
        <OAuthStatusCard provider="facebook" />
      </div>
      <div className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <a href="/real-data-test" target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-medium text-indigo-600 dark:text-indigo-400">
          Real Data Validation <Icon name="external" size={14} />
        </a>
        <a
          href="/feature-validation"
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 font-medium text-indigo-600 dark:text-indigo-400"
        >
          Feature Validation <Icon name="external" size={14} />
        </a>
        <Link to="/oauth-setup" className="inline-flex items-center gap-1 font-medium text-indigo-600 dark:text-indigo-400">
          Setup instructions <Icon name="arrow-right" size={14} />
        </Link>
      </div>
    </div>
  );
}
