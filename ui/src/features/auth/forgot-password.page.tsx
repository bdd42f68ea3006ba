import { Link } from 'react-router-dom';
import { ButtonLink } from '../../components/button-link';
import { Icon } from '../../components/icon';

/** Password reset by email is not built yet; this page says so instead of pretending to send mail. */
export function ForgotPasswordPage() {
  return (
    <div>
      <div className="flex h-12 w-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
        <Icon name="key" size={24} />
      </div>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
        Forgot your password?
      </h1>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
        Password reset by email isn't available in this version of Replypilot yet. If you signed up with Google or
        Facebook, sign in with that account instead. Otherwise ask the administrator of this Replypilot installation,
        or contact support.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to="/login">
          <Icon name="arrow-left" size={16} />
          Back to sign in
        </ButtonLink>
        <ButtonLink to="/support" variant="outline">
          Contact support
        </ButtonLink>
      </div>
      <p className="mt-8 text-sm text-slate-500 dark:text-slate-400">
        No account yet?{' '}
        <Link to="/register" className="font-medium text-indigo-600 hover:text-indigo-500 dark:text-indigo-400">
          Create one
        </Link>
      </p>
    </div>
  );
}
