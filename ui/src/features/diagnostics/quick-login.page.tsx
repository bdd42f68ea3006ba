import { Link } from 'react-router-dom';
import { Button } from '../../components/button';
import { buttonClasses } from '../../components/button.styles';
import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { useOAuthStatus } from './use-oauth-status';
import { useTestLogin } from './use-test-login';

/**
 * /quick-login (/oauth-login redirects here): every way in, for development and support. Google and
 * Facebook are offered only once configured (like /login): a button may not lead to a setup page.
 */
export function QuickLoginPage() {
  const testLogin = useTestLogin();
  const google = useOAuthStatus('google').data?.configured === true;
  const facebook = useOAuthStatus('facebook').data?.configured === true;
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-10">
      <Card className="w-full max-w-md p-8">
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">Quick Login</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Pick a way in. The live demo opens a sample workspace of your own and needs no Google or Facebook setup.
        </p>
        <div className="mt-6 grid gap-3">
          <Button size="lg" onClick={() => testLogin.mutate()} loading={testLogin.isPending} disabled={testLogin.isSuccess}>
            <Icon name="zap" size={18} />
            {testLogin.isSuccess ? 'Redirecting…' : 'Try the live demo'}
          </Button>
          {google && (
            <a href="/auth/google" className={buttonClasses('outline', 'lg')}>
              Login with Google
            </a>
          )}
          {facebook && (
            <a href="/auth/facebook" className={buttonClasses('outline', 'lg')}>
              <Icon name="facebook" size={18} /> Login with Facebook
            </a>
          )}
          <Link to="/login" className={buttonClasses('outline', 'lg')}>
            Sign in with email
          </Link>
        </div>
        {(!google || !facebook) && (
          <p className="mt-6 text-xs text-slate-500 dark:text-slate-400">
            Run this server and want {!google && !facebook ? 'Google and Facebook' : !google ? 'Google' : 'Facebook'} sign-in? See{' '}
            <Link to="/oauth-setup" className="font-medium text-indigo-600 dark:text-indigo-400">
              OAuth setup
            </Link>
            .
          </p>
        )}
      </Card>
    </div>
  );
}
