import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { Icon } from '../../components/icon';
import { PasswordField } from '../../components/password-field';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { newPasswordErrors, PASSWORD_HINT } from './password-hint';
import { resetPassword } from './password-reset.api';
import { serverFieldError } from './server-errors';

function LinkProblem({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
    >
      <p>{message}</p>
      <Link to="/forgot-password" className="mt-2 inline-block font-medium underline">
        Request a new link
      </Link>
    </div>
  );
}

/** /reset-password?token=…: the page the emailed link opens. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { toast } = useToast();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: async () => {
      toast({ title: 'Password changed', description: 'Sign in with your new password.', variant: 'success' });
      await navigate('/login');
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = newPasswordErrors(password, confirm);
    setErrors(found);
    if (!found.password && !found.confirm) reset.mutate({ token, password });
  }

  const passwordError = errors.password ?? serverFieldError(reset.error, 'password');
  const linkError = reset.isError && !serverFieldError(reset.error, 'password') ? errorMessage(reset.error, 'Please try again') : undefined;

  return (
    <div>
      <div className="flex h-12 w-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
        <Icon name="lock" size={24} />
      </div>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Choose a new password</h1>
      {!token ? (
        <LinkProblem message="This reset link is incomplete. Open the link from the email again, or request a new one." />
      ) : (
        <>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">Every device signed in to your account will be signed out.</p>
          {linkError && <LinkProblem message={linkError} />}
          <form onSubmit={handleSubmit} noValidate className="mt-8 space-y-4">
            <PasswordField
              label="New password"
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={passwordError}
              hint={PASSWORD_HINT}
            />
            <PasswordField
              label="Confirm new password"
              name="confirmPassword"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              error={errors.confirm}
            />
            <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
              Set new password
            </Button>
          </form>
        </>
      )}
      <div className="mt-8">
        <ButtonLink to="/login" variant="outline">
          <Icon name="arrow-left" size={16} />
          Back to sign in
        </ButtonLink>
      </div>
    </div>
  );
}
